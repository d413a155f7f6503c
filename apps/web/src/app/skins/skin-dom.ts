import { DEFAULT_SKIN, isSkinId, type SettingDetail, type SkinId, skinContent } from '@phonecloud/shared';
import type { ThemeConfig } from 'antd';

type SkinContent = SettingDetail['content'];

// The last skin is kept locally so the next visit starts in it instead of flashing the default.
const REMEMBERED = 'phonecloud.skin';

export function rememberedSkin(): SkinContent {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(REMEMBERED);
  } catch {
    stored = null;
  }
  return skinContent(isSkinId(stored) ? stored : DEFAULT_SKIN);
}

/** Puts the skin's `body_class` on <body>, instead of any other skin's. */
export function applySkin(skin: SkinId, bodyClass: string): void {
  const body = document.body;
  for (const name of [...body.classList]) if (name.startsWith('body-skin-')) body.classList.remove(name);
  body.classList.add(bodyClass);
  try {
    localStorage.setItem(REMEMBERED, skin);
  } catch {
    // Without storage the next visit briefly shows the default skin; nothing else depends on it.
  }
}

/** The primary colour the applied skin declares in CSS, for antd's theme. */
export function skinPrimaryColor(): string | undefined {
  const value = getComputedStyle(document.body).getPropertyValue('--skin-primary').trim();
  return value || undefined;
}

/** antd's theme for the skin's primary colour (links wear it too); none: antd's own. */
export function skinTheme(primary: string | undefined): ThemeConfig | undefined {
  return primary ? { token: { colorPrimary: primary, colorLink: primary } } : undefined;
}
