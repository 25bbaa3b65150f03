// The uploads feature's public entry: what other features may use of it.
export { createUploadTarget, UPLOAD_EXPIRES_IN_SECONDS } from './upload-target.ts';
