// Debian's Chromium through playwright-core, with the flags this machine needs.
import { chromium } from '@playwright/test';

export function launchChromium() {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Prints one figure against its reference measured in the same run. */
export function report(name, value, reference, unit, target) {
  const ratio = value / reference;
  const verdict = target ? `${target.test(ratio) ? 'meets' : 'MISSES'} target ${target.text}` : '';
  console.log(
    `${name}: ${value.toFixed(unit === 'B' ? 0 : 1)} ${unit} vs reference ${reference.toFixed(unit === 'B' ? 0 : 1)} ${unit} = ${ratio.toFixed(2)}x ${verdict}`,
  );
  return { name, value, reference, ratio };
}
