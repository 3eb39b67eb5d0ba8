export { monthFormKey, recordCompletedForm, storeCompletedForm } from './files.service';
export {
  countRecordUpload,
  deletePaperFormFile,
  recordFileKey,
  recordFileUrl,
  recordPaperFormFile,
} from './files.service';
export {
  type StoredFile,
  closeOnError,
  discardOnFailure,
  receiveFileInMemory,
  receiveMultipart,
} from './files.upload';
