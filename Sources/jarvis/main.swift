import Foundation
import JarvisAPI
import ServiceRuntime

exit(await ServiceCommand.main(JarvisService(), extra: JarvisService.subcommands))
