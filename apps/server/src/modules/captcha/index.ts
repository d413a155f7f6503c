/** The image captcha's public face: what the account and verification modules use. */

export { sendSvg } from './reply.js';
export { CaptchaService } from './service.js';
