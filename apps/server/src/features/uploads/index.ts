// The uploads feature's public entry: what other features may use of it.
export { UPLOAD_EXPIRES_IN_SECONDS } from './uploads.service.ts';
