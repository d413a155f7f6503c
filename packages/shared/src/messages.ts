import { CODE_TTL_MINUTES } from './limits.js';

/** Chinese texts of the spec, kept to the letter, and the product's own texts beside them. */
export const Msg = {
  // spec 000 §5 verification
  CAPTCHA_EMPTY: '请输入图片验证码',
  CAPTCHA_WRONG: '图片验证码错误',
  CODE_EMPTY: '请输入验证码!',
  CODE_WRONG: '验证码不正确!',
  CODE_EXPIRED: '验证码已失效,请重新发送!',
  CODE_TOO_FREQUENT: '消息发送太频繁，需间隔60秒!',
  CODE_SENT_SMS: '验证码已通过短信发送!',
  CODE_SENT_EMAIL: '验证码已通过邮件发送!',
  // spec 000 §8 network failures
  NET_BIND_INFO: '获取用户绑定信息失败，请重试!',
  NET_LIST: '获取列表数据失败，请重试!',
  NET_CAPACITY: '查询用户容量失败，请重试!',
  NET_SERVER: '请求服务器失败,请重试！',
  NET_CAPTCHA: '图形验证码验证失败，请重试!',
  // spec 001 §8
  BAD_CREDENTIALS: '账号或者密码错误！',
  TOO_MANY_FAILURES: '连续校验失败次数过多！',

  // product texts (the spec leaves these "not shown")
  CAPTCHA_REQUIRED: '请先通过图片验证码校验',
  GET_AGAIN: '重新获取',
  SEND_CODE: '获取验证码',
  NOT_LOGGED_IN: '登录已失效，请重新登录',
  VERIFY_REQUIRED: '请先完成安全验证',
  CSRF: '请求校验失败，请刷新页面后重试',
  SERVER_ERROR: '服务器开小差了，请稍后重试',
  /** The server's disk is full (product text): nothing was saved, the operator must act. */
  STORAGE_FULL: '服务器存储空间不足，本次内容未能保存，请联系管理员',
  SESSION_GONE: '该登录设备已退出',
  SMS_HOURLY_LIMIT: '短信验证码发送次数过多，请一小时后再试',
  BODY_TOO_LARGE: '提交的内容超出了大小上限，请减少后重试',
  FILE_TOO_LARGE: '文件超出了大小上限，请选择小一些的文件',
  BODY_MALFORMED: '提交的内容格式不正确，请刷新页面后重试',
  BODY_UNSUPPORTED: '不支持的提交格式',
  REQUEST_INVALID: '请求无效，请刷新页面后重试',
  NO_CHANNEL: '您的账号尚未绑定手机号或邮箱，请先到账号中心绑定',
  CHANNEL_NOT_BOUND: '该验证方式尚未绑定',
  USERNAME_INVALID: '用户名为3-20位字母、数字或下划线，且以字母开头',
  USERNAME_TAKEN: '该用户名已被注册',
  PASSWORD_INVALID: '密码为8-64位，且需同时包含字母和数字',
  PASSWORD_EMPTY: '请输入密码',
  ACCOUNT_EMPTY: '请输入用户名、手机号或邮箱',
  PHONE_INVALID: '请输入正确的手机号',
  EMAIL_INVALID: '请输入正确的邮箱地址',
  PHONE_TAKEN: '该手机号已绑定其他账号',
  EMAIL_TAKEN: '该邮箱已绑定其他账号',
  SKIN_INVALID: '皮肤不存在',
  OLD_PASSWORD_WRONG: '原密码不正确',
  PASSWORD_MISMATCH: '两次输入的密码不一致',
  AGREEMENT_REQUIRED: '请先阅读并同意用户协议和隐私政策',
  BIND_DONE: '绑定成功',
  PASSWORD_CHANGED: '密码已修改',
  // 忘记密码: the same words whether or not the name is an account's, so they reveal nothing
  RESET_CODE_SENT: '如果该账号存在并已绑定所选方式，验证码已发出，请查收',
  RESET_DONE: '密码已重置，请使用新密码登录',
  RESET_TOO_FREQUENT: '找回密码的请求过多，请一小时后再试',
} as const;

/** What 忘记密码 sends: the code, and the owner's notice once the password was reset. */
export const ResetText = {
  subject: (product: string) => `${product}：找回密码`,
  code: (product: string, code: string) =>
    `【${product}】您正在找回密码，验证码为${code}，${CODE_TTL_MINUTES}分钟内有效。如非本人操作，请忽略本消息，切勿告诉他人。`,
  noticeSubject: (product: string) => `${product}：密码已重置`,
  notice: (product: string, username: string, ip: string) =>
    `【${product}】您的账号 ${username} 的密码已通过“忘记密码”重置（来自 ${ip}），所有已登录的设备、同步令牌和应用专用密码均已失效。如非本人操作，请立即再次找回密码并检查绑定的手机号和邮箱。`,
} as const;

/** The text a business code shows when the call has no text of its own. */
export const codeText: Readonly<Record<number, string>> = {
  2002: Msg.NOT_LOGGED_IN,
  6001: Msg.VERIFY_REQUIRED,
  6002: Msg.CODE_WRONG,
  6003: Msg.CODE_EXPIRED,
  6004: Msg.CODE_TOO_FREQUENT,
  1001: Msg.CAPTCHA_REQUIRED,
  1002: Msg.CSRF,
  1013: Msg.BAD_CREDENTIALS,
  1014: Msg.TOO_MANY_FAILURES,
  500: Msg.SERVER_ERROR,
};
