import type { ClientResult } from '@dealdesk/core';
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { toastSuccess, unwrap } from './notify.js';
import { useAction } from './mutations.js';

/** The file name the server gives in Content-Disposition, or `fallback`. */
function fileNameOf(response: Response, fallback: string): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallback;
}

/**
 * Downloads what a list shows (its search, filters or range, every page) as the server's CSV
 * export. The server streams it; the browser keeps the file until it is saved. One download
 * at a time: a second click while one runs does nothing.
 */
export function ExportButton({
  exportCsv,
  what,
}: {
  /** The export call with the list's current query. */
  exportCsv: () => Promise<ClientResult<object> & { response?: Response }>;
  /** What is exported, for the button's accessible name ("products"). */
  what: string;
}) {
  const download = useAction({
    mutationFn: async () => {
      const { response } = unwrap(await exportCsv());
      if (response === undefined) throw new Error('The server sent no file');
      const name = fileNameOf(response, `${what}.csv`);
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      link.click();
      // The click has handed the file to the browser's download by the next task.
      setTimeout(() => URL.revokeObjectURL(url), 0);
      return name;
    },
    onSuccess: (name) => toastSuccess(`Exported ${name}`),
  });
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={18} aria-hidden />}
      loading={download.isPending}
      onClick={() => download.mutate()}
      aria-label={`Export CSV of ${what}`}
    >
      Export CSV
    </Button>
  );
}
