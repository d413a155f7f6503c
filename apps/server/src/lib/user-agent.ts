import Bowser from 'bowser';

/** 'Chrome 120 · Android 13' from a User-Agent; the raw text's start when it is not recognised. */
export function describeAgent(userAgent: string): string {
  if (!userAgent) return '未知设备';
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]].filter(Boolean).join(' ');
  const os = [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ');
  const text = [browser, os].filter(Boolean).join(' · ');
  return text || userAgent.slice(0, 40);
}
