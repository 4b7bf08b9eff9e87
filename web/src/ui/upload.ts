import type { UploadFile } from '@dealdesk/core';

/** A chosen browser file as the API client uploads it. */
export function uploadOf(file: File): UploadFile {
  return { name: file.name, type: file.type, data: file };
}
