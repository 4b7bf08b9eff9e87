import { checkUpload, productImageExtensions, productImageRule } from '@dealdesk/core';
import {
  ActionIcon,
  FileButton,
  Button,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconPhotoPlus, IconX } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';

const accept = productImageExtensions.map((extension) => `.${extension}`).join(',');

/** Previews of chosen files, released when the files change or the form goes away. */
function usePreviews(files: readonly File[]): string[] {
  const previews = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);
  return previews;
}

/**
 * Product images by upload: several at once, png, jpg, jpeg or gif only. A refused file is
 * left out with the spec's message; the others are kept.
 */
export function ImageFilesInput({
  files,
  onChange,
  error,
}: {
  files: readonly File[];
  onChange: (files: File[]) => void;
  error?: string | boolean | undefined;
}) {
  const [refused, setRefused] = useState<string | null>(null);
  const previews = usePreviews(files);
  const choose = (chosen: File[]) => {
    const problems = chosen.map((file) => checkUpload(file, productImageRule));
    const accepted = chosen.filter((_, index) => problems[index] === null);
    setRefused(problems.find((problem) => problem !== null) ?? null);
    onChange([...files, ...accepted]);
  };
  const message = refused ?? (typeof error === 'string' ? error : null);
  return (
    <Stack gap="xs">
      <Group gap="sm">
        <FileButton onChange={choose} accept={accept} multiple>
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={<IconPhotoPlus size={18} aria-hidden />}
              color={error === true ? 'red' : undefined}
            >
              Upload images
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          PNG, JPG, JPEG or GIF; several at once
        </Text>
      </Group>
      {message === null ? null : (
        <Text c="red" size="sm" role="alert">
          {message}
        </Text>
      )}
      {files.length === 0 ? null : (
        <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs">
          {files.map((file, index) => (
            <Paper key={`${file.name}-${index}`} p={4} pos="relative">
              <Image src={previews[index]} alt={file.name} h={80} fit="contain" />
              <ActionIcon
                size="sm"
                variant="filled"
                color="dark"
                pos="absolute"
                top={4}
                right={4}
                aria-label={`Remove ${file.name}`}
                onClick={() => onChange(files.filter((_, at) => at !== index))}
              >
                <IconX size={14} aria-hidden />
              </ActionIcon>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
