/**
 * Where antd's stylesheet goes when a lazily loaded page brings it: right after the shell's own
 * stylesheets, before any area's. That is where a static import put it (the base and skin rules
 * before it, every area's after), so the same rules win as when the home page loaded it.
 */
let shellEnd: Element | null = null;

/** Called by the portal's entry before it draws anything: its own stylesheets are all in. */
export function rememberShellStyles(): void {
  const sheets = document.head.querySelectorAll('link[rel="stylesheet"], style');
  shellEnd = sheets[sheets.length - 1] ?? null;
}

/** Puts a stylesheet at antd's place in the cascade. */
export function placeAfterShellStyles(sheet: HTMLLinkElement): void {
  if (shellEnd?.isConnected) shellEnd.after(sheet);
  else document.head.prepend(sheet);
}
