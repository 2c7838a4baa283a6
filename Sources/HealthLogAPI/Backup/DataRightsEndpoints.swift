/// The data-subject routes (`docs/healthlog/backup.md`): the backup export and import (GDPR
/// Art. 20 portability) and deleting the account (Art. 17 erasure), in the order the document
/// lists them.
enum DataRightsEndpoints {
    static let endpoints: [Endpoint] = [BackupExport.endpoint, BackupImport.endpoint, DeleteAccountEndpoint.endpoint]
}
