import { Center, Image, ThemeIcon } from '@mantine/core';
import { IconAd2, IconPlayerPlayFilled } from '@tabler/icons-react';

/** A small preview of an item's image, thumbnail or video. */
export function MediaThumb({
  image,
  video,
  label,
  size = 48,
}: {
  image?: string;
  video?: string;
  label: string;
  size?: number;
}) {
  if (image !== undefined && image !== '') {
    return <Image src={image} alt={label} w={size} h={size} radius="sm" fit="cover" />;
  }
  if (video !== undefined && video !== '') {
    return (
      <Center w={size} h={size} pos="relative" style={{ borderRadius: 4, overflow: 'hidden' }}>
        <video
          src={video}
          muted
          preload="metadata"
          width={size}
          height={size}
          aria-label={label}
          style={{ objectFit: 'cover' }}
        />
        <IconPlayerPlayFilled
          size={16}
          color="white"
          style={{ position: 'absolute' }}
          aria-hidden
        />
      </Center>
    );
  }
  return (
    <ThemeIcon size={size} variant="light" color="gray" aria-label={label} role="img">
      <IconAd2 size={22} aria-hidden />
    </ThemeIcon>
  );
}
