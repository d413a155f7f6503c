/** The account the server seeds on a first start (SEED_DEMO, DEMO_PASSWORD default). */
export const DEMO = {
  username: 'demo',
  password: 'demo12345',
  phone: '13800138000',
  email: 'demo@example.com',
  paidGb: 10,
} as const;

/** The captcha answer the server accepts in test mode (CAPTCHA_TEST_ANSWER). */
export const CAPTCHA_ANSWER = 'test';
