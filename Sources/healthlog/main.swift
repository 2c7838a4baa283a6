import Foundation
import HealthLogAPI
import ServiceRuntime

let service = HealthLogService()
exit(await ServiceCommand.main(service, extra: service.subcommands))
