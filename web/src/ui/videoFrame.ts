// A video's thumbnail, taken in the browser when the video is chosen: the frame at one second
// (or halfway through a shorter video), drawn on a canvas and encoded as a JPEG. The server
// stores it as the story's thembnal; phones show it while the video loads.

const frameTimeoutMs = 10_000;

/** Waits for one of the element's events; its error event, or a long wait, rejects. */
function nextEvent(element: HTMLMediaElement, name: 'loadeddata' | 'seeked'): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = window.setTimeout(
      () => reject(new Error('the video did not load')),
      frameTimeoutMs,
    );
    const done = (ok: boolean) => () => {
      window.clearTimeout(timer);
      element.removeEventListener(name, succeed);
      element.removeEventListener('error', fail);
      if (ok) resolve();
      else reject(new Error('the browser cannot decode the video'));
    };
    const succeed = done(true);
    const fail = done(false);
    element.addEventListener(name, succeed);
    element.addEventListener('error', fail);
  });
}

/** The frame as a JPEG file, or null when this browser cannot decode the video. */
export async function videoFrame(video: File): Promise<File | null> {
  const url = URL.createObjectURL(video);
  const player = document.createElement('video');
  player.muted = true;
  player.playsInline = true;
  player.preload = 'auto';
  try {
    const loaded = nextEvent(player, 'loadeddata');
    player.src = url;
    await loaded;
    const seeked = nextEvent(player, 'seeked');
    player.currentTime = Number.isFinite(player.duration) ? Math.min(1, player.duration / 2) : 0;
    await seeked;
    const canvas = document.createElement('canvas');
    canvas.width = player.videoWidth;
    canvas.height = player.videoHeight;
    const context = canvas.getContext('2d');
    if (context === null || canvas.width === 0) return null;
    context.drawImage(player, 0, 0);
    const jpeg = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', 0.85),
    );
    return jpeg === null ? null : new File([jpeg], 'thumbnail.jpg', { type: 'image/jpeg' });
  } catch {
    return null;
  } finally {
    player.removeAttribute('src');
    URL.revokeObjectURL(url);
  }
}
