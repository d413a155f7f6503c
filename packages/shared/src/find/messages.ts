import { NO_ANSWER_RETRY_MINUTES } from './limits.js';

/** Find-my-phone texts: the spec's to the letter, the product's own beside them. */
export const FindMsg = {
  // spec 001 §5
  LOCK_INFO_EMPTY: '锁定界面文字不能为空。',
  WIPE_ACCOUNT_EMPTY: '账号不能为空',
  WIPE_PASSWORD_EMPTY: '密码不能为空',
  // spec 001 §3 (wording the product's: the spec names what the warning says)
  WIPE_WARNING:
    '擦除后，手机上的所有数据（包括SD卡中的数据）将被清除且无法恢复，同步功能将关闭，手机定位也将停止。',
  NO_DEVICE: '没有找到设备，您的手机可能未开启查找手机功能。',
  // product texts
  DEFAULT_LOCK_INFO: '这部手机已丢失，拾到者请联系机主，谢谢！',
  PHONE_NO_ANSWER: `手机未响应，请${NO_ANSWER_RETRY_MINUTES}分钟后再试。`,
  DEVICE_NOT_FOUND: '设备不存在或已被删除',
  FUNCTION_UNSUPPORTED: '该设备不支持此功能',
  RING_CODE_INVALID: '请输入6位数字密码',
  COMMAND_NOT_FOUND: '指令不存在',
  WIPE_PENDING: '上一次擦除指令尚未完成，请稍候',
  COMMAND_FAILED: '手机执行指令失败',
  COMMAND_NOT_RECEIVED: '手机未收到指令',
  DEVICE_TOKEN_INVALID: '设备登录已失效，请重新登录',
  DEVICE_INFO_INVALID: '设备信息不完整',
  LOCATION_INVALID: '位置信息不正确',
  NO_CODE_CHANNEL: '账号尚未绑定手机号或邮箱，无法向设备登录发送验证码',
  WIPED: '手机已擦除',
} as const;

/** The e-mail or text message telling the owner that a lock or wipe was issued. */
export function findNoticeText(
  product: string,
  kind: 'lock' | 'wipe',
  device: { brand: string; model: string },
  ip: string,
): string {
  const what = kind === 'lock' ? '锁定' : '擦除';
  return `${product}：您的手机 ${device.brand} ${device.model} 刚刚被发出了${what}指令（来自 ${ip}）。如非本人操作，请立即修改密码。`;
}

/** What each command kind is called in the history. */
export const CommandKindName = {
  locate: '定位',
  ring: '响铃',
  stop_ring: '停止响铃',
  lock: '锁定',
  unlock: '解锁',
  wipe: '擦除',
} as const;

/** What each command status is called in the history. */
export const CommandStatusName: Readonly<Record<number, string>> = {
  1: '等待手机响应',
  2: '成功',
  3: '失败',
  4: '手机未收到',
};
