import { categoryImageRule } from '@dealdesk/core';
import { Group } from '@mantine/core';
import { UploadField } from '../../ui/UploadField.js';
import { MediaThumb } from '../../ui/MediaThumb.js';

/**
 * A catalogue image slot: required while adding; while editing optional, beside the current
 * image.
 */
export function CatalogueImageField({
  label,
  file,
  onFile,
  error,
  current,
}: {
  label: string;
  file: File | null;
  onFile: (file: File | null) => void;
  error: string | undefined;
  current?: { image: string; label: string };
}) {
  return (
    <Group align="flex-end" gap="sm" wrap="nowrap">
      <div style={{ flex: 1 }}>
        <UploadField
          label={label}
          rule={categoryImageRule}
          file={file}
          onFile={onFile}
          required={current === undefined}
          error={error}
          description="PNG, GIF, JPG or JPEG, at most 1 MB"
        />
      </div>
      {current === undefined ? null : <MediaThumb image={current.image} label={current.label} />}
    </Group>
  );
}
