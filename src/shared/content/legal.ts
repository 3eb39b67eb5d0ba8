export const TERMS_OF_SERVICE = 'tmp'; export const PRIVACY_POLICY = 'tmp';
