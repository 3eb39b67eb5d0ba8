export { monthFormKey, recordCompletedForm, storeCompletedForm } from './files.service';
export { type StoredFile, closeOnError, receiveFileInMemory } from './files.upload';
