// The developer-tools guard (spec part 2, section 2): when developer tools appear to be
// opened, the page is replaced by an external search site; the context menu is blocked.
import { devToolsThresholdPx } from '@dealdesk/core';

/** Where the guard sends the browser (the spec names no site). */
export const guardTarget = 'https://www.google.com/';

/** How often the window size is checked besides resizes (docking tools need not resize). */
const pollMs = 1_000;

/** F12, Ctrl+Shift+I, Ctrl+Shift+C, Ctrl+Shift+J and Ctrl+U; Cmd counts as Ctrl on macOS. */
export function isDevtoolsShortcut(
  key: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey'>,
): boolean {
  if (key.key === 'F12') return true;
  if (!key.ctrlKey && !key.metaKey) return false;
  const letter = key.key.toUpperCase();
  return key.shiftKey ? ['I', 'C', 'J'].includes(letter) : letter === 'U';
}

/**
 * Docked developer tools take their room from the page: the outer window then exceeds the
 * page's viewport by more than the threshold. The outer size is in the screen's pixels and the
 * viewport in CSS pixels, which browser zoom scales, so the viewport is measured in device
 * pixels (CSS pixels times devicePixelRatio): at any zoom the window then exceeds the page only
 * by its frame and toolbars. (A high-density screen's ratio reads as zoom too: the page cannot
 * tell them apart, and missing a panel there beats sending a zooming administrator away.) A
 * window that reports no outer size (some embedded browsers) never counts as open.
 */
export function devtoolsLookOpen(
  size: Pick<
    Window,
    'outerWidth' | 'outerHeight' | 'innerWidth' | 'innerHeight' | 'devicePixelRatio'
  >,
): boolean {
  if (size.outerWidth === 0 || size.outerHeight === 0) return false;
  const scale = size.devicePixelRatio;
  return (
    size.outerWidth - size.innerWidth * scale > devToolsThresholdPx ||
    size.outerHeight - size.innerHeight * scale > devToolsThresholdPx
  );
}

/** Installs the guard on a window; answers a function that removes it. */
export function installDevtoolsGuard(target: Window = window): () => void {
  let left = false;
  const leave = () => {
    if (left) return;
    left = true;
    target.location.replace(guardTarget);
  };
  const checkSize = () => {
    if (devtoolsLookOpen(target)) leave();
  };
  const onKey = (event: KeyboardEvent) => {
    if (!isDevtoolsShortcut(event)) return;
    event.preventDefault();
    leave();
  };
  const onContextMenu = (event: MouseEvent) => event.preventDefault();

  // Capture phase: a screen's own key handlers cannot swallow the shortcut first.
  target.addEventListener('keydown', onKey, true);
  target.addEventListener('contextmenu', onContextMenu, true);
  target.addEventListener('resize', checkSize);
  const poll = target.setInterval(checkSize, pollMs);
  checkSize();
  return () => {
    target.removeEventListener('keydown', onKey, true);
    target.removeEventListener('contextmenu', onContextMenu, true);
    target.removeEventListener('resize', checkSize);
    target.clearInterval(poll);
  };
}
