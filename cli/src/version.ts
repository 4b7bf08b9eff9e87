/** The CLI's version: `--version`, and the user-agent every call carries (package.json's). */
export const cliVersion = '0.1.0';

/** How the server knows a call came from this CLI (its audit log says client 'cli'). */
export const userAgent = `dealdesk-cli/${cliVersion}`;
