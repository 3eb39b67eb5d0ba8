export { recordCompletedForm, storeCompletedForm } from './files.service';
export { type StoredFile, closeOnError, receiveFileInMemory } from './files.upload';
export { profilePictureUrl } from './picture.wire';
