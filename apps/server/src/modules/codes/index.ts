/** The sent codes' public face: what the modules that send a code by SMS or e-mail use. */

export { type Channel, type CodeOrigin, CodeService } from './service.js';
