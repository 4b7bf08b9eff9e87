// Whether this build carries the developer-tools guard: the build setting
// VITE_DEVTOOLS_GUARD=on|off decides; left unset, production builds are guarded and the
// development server is not (see web/README.md).

declare global {
  interface ImportMetaEnv {
    readonly VITE_DEVTOOLS_GUARD?: string;
  }
}

const setting = import.meta.env.VITE_DEVTOOLS_GUARD ?? (import.meta.env.PROD ? 'on' : 'off');

/** Starts the guard when the build asks for it; its code is loaded only then. */
export function startDevtoolsGuard(): void {
  if (setting !== 'on') return;
  void import('./guard.js').then(({ installDevtoolsGuard }) => installDevtoolsGuard());
}
