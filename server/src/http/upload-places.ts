// The places uploads hold while they are read (http/uploads.ts): apart, so the configuration
// reads them without loading the upload checks.

/**
 * Uploads read at once by one process. Each holds only stream buffers in memory (tens of KB,
 * whatever its size), so this caps the memory, and the spool's disk, all uploads may use.
 */
export const maxUploadsInFlight = 16;

/**
 * Uploads one token or session may have in flight unless DEALDESK_UPLOADS_PER_CALLER says:
 * a quarter of the places, so one caller (a script, a stolen token) cannot make every other
 * administrator's upload answer 503.
 */
export const defaultUploadsPerCaller = maxUploadsInFlight / 4;

/**
 * Pixels (width × height) an uploaded image may have unless DEALDESK_MEDIA_MAX_PIXELS says:
 * 40 megapixels, more than any phone camera's photo; decoded, one takes 160 MB of memory.
 */
export const defaultMaxImagePixels = 40_000_000;
