import { FIND_FUNCTIONS } from '@phonecloud/shared';
import type { DeviceApiClient } from './api.js';
import type { PhoneState } from './state.js';

export interface SigninInput {
  account: string;
  password: string;
  deviceId: string;
  brand: string;
  model: string;
  /** Asked once the code was sent: answers the code the owner received. */
  askCode: (where: string) => Promise<string>;
}

/** The two steps: password (a code goes out) → code and the phone's particulars → token. */
export async function signIn(api: DeviceApiClient, input: SigninInput): Promise<PhoneState> {
  const started = await api.signinStart(input.account, input.password);
  const where = `${started.channel === 'sms' ? '短信' : '邮件'} ${started.target}`;
  const code = await input.askCode(where);
  const done = await api.signinFinish({
    challenge: started.challenge,
    code: code.trim(),
    device_id: input.deviceId,
    brand: input.brand,
    model: input.model,
    functions: [...FIND_FUNCTIONS],
  });
  return {
    server: api.server,
    account: input.account,
    device_id: done.device_id,
    brand: input.brand,
    model: input.model,
    token: done.token,
    locked: false,
    lock_info: null,
    started_at: Date.now(),
    done: [],
  };
}
