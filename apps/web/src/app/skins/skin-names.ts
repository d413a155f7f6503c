import type { SkinId } from '@phonecloud/shared';

export const SKIN_NAMES: Readonly<Record<SkinId, string>> = {
  '01': '晴空蓝',
  '02': '暖阳橙',
  '03': '松石绿',
  '04': '丁香紫',
  '05': '深空蓝',
};
