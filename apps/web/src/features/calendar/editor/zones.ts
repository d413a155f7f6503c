/** Zones offered first (where people of a Chinese-language portal most often meet), then all. */
const COMMON: readonly [string, string][] = [
  ['Asia/Shanghai', '北京时间'],
  ['Asia/Hong_Kong', '香港'],
  ['Asia/Taipei', '台北'],
  ['Asia/Tokyo', '东京'],
  ['Asia/Seoul', '首尔'],
  ['Asia/Singapore', '新加坡'],
  ['Asia/Bangkok', '曼谷'],
  ['Asia/Dubai', '迪拜'],
  ['Europe/London', '伦敦'],
  ['Europe/Paris', '巴黎'],
  ['Europe/Berlin', '柏林'],
  ['Europe/Moscow', '莫斯科'],
  ['America/New_York', '纽约'],
  ['America/Chicago', '芝加哥'],
  ['America/Los_Angeles', '洛杉矶'],
  ['America/Vancouver', '温哥华'],
  ['Australia/Sydney', '悉尼'],
  ['Pacific/Auckland', '奥克兰'],
  ['UTC', '协调世界时 UTC'],
];

/** The zone select's options: the common ones by their Chinese names, then every IANA zone. */
export function zoneOptions(current: string): { value: string; label: string }[] {
  const seen = new Set<string>();
  const out: { value: string; label: string }[] = [];
  const add = (value: string, label: string) => {
    if (seen.has(value)) return;
    seen.add(value);
    out.push({ value, label });
  };
  for (const [value, name] of COMMON) add(value, `${name}（${value}）`);
  add(current, current);
  let all: string[] = [];
  try {
    all =
      (Intl as unknown as { supportedValuesOf?(k: string): string[] }).supportedValuesOf?.('timeZone') ?? [];
  } catch {
    // An engine without the list: the common zones remain.
  }
  for (const z of all) add(z, z);
  return out;
}
