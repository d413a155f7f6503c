/** The image captcha's public face: what the account and verification modules use. */

export { sendCaptcha } from './reply.js';
export { CaptchaService } from './service.js';
