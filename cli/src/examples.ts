// The "Examples:" block of every leaf command's --help, by command path. program.ts adds each
// after the command's options when the command is declared; a command whose module already
// writes its own block (products import, completion) is left out here.
export const examples: Readonly<Record<string, readonly string[]>> = {
  login: [
    'dealdesk login',
    'printf "%s\\n%s\\n" "$PASSWORD" "$CODE" | dealdesk login --id admin01',
  ],
  logout: ['dealdesk logout', 'dealdesk --profile staging logout'],
  whoami: ['dealdesk whoami', 'dealdesk --json whoami | jq -r .adminId'],
  'config set': [
    'dealdesk config set url https://deals.example.com',
    'printf %s "$KEY" | dealdesk --profile staging config set api-key -',
  ],
  'config unset': ['dealdesk config unset token'],
  'config show': ['dealdesk config show', 'dealdesk --profile staging config show'],
  'config use': ['dealdesk config use staging'],
  'config list': ['dealdesk config list'],
  'token create': [
    'dealdesk token create nightly --days 365',
    'dealdesk token create reports --read-only',
  ],
  'token list': ['dealdesk token list', 'dealdesk token list | cut -f1,2'],
  'token revoke': ['dealdesk token revoke <id>', 'dealdesk token revoke <id> --ignore-missing'],
  'admins list': ['dealdesk admins list', 'dealdesk --json admins list | jq .data[].role'],
  'admins invite': ['dealdesk admins invite sam@example.com --role viewer'],
  'admins role': ['dealdesk admins role <id> editor'],
  'admins disable': ['dealdesk admins disable <id> --yes'],
  'admins enable': ['dealdesk admins enable <id>'],
  'products scrape': [
    'dealdesk products scrape https://shop.example.com/item/1',
    'dealdesk products scrape --file urls.txt -c 4 --create --category <id> --subcategory <id> --event Trending',
  ],
  'controller history': [
    'dealdesk controller history',
    'dealdesk --json controller history --limit 100 | jq .data[0]',
  ],
  'controller show': ['dealdesk controller show 12'],
  'controller rollback': [
    'dealdesk controller rollback 12',
    'dealdesk controller rollback 12 --yes',
  ],
  'products list': [
    'dealdesk products list --search bottle --limit 20',
    'dealdesk products list --event Trending | cut -f1',
  ],
  'products export': [
    'dealdesk products export -o catalogue.csv',
    'dealdesk products export --event Trending --format jsonl | jq -r .title',
  ],
  'products show': ['dealdesk products show 65f0c0ffee0000000000beef'],
  'products delete': [
    'dealdesk products delete <id> <id>',
    'dealdesk products delete - --yes < ids.txt',
  ],
  'events set': [
    'dealdesk events set Trending --ids <id> <id>',
    'dealdesk events set None --search bottle --dry-run',
  ],
  'notify send': [
    'dealdesk notify send --title "Sale" --message "50% off today"',
    'dealdesk notify send --title "Morning deals" --message "Today\'s best prices" --at 2026-12-01T09:30',
  ],
  'notify history': [
    'dealdesk notify history --limit 10',
    'dealdesk --json notify history | jq ".data[0]"',
    'dealdesk notify history --search sale --format csv -o sale-notifications.csv',
    'dealdesk notify list --scheduled',
  ],
  'notify cancel': ['dealdesk notify cancel <id>'],
  'notify reschedule': ['dealdesk notify reschedule <id> --at 2026-12-01T18:30:00+05:30'],
  'notify resend': ['dealdesk notify resend <id>'],
  'notify delete': [
    'dealdesk notify delete <id> --yes',
    'dealdesk notify delete - --yes --ignore-missing < ids.txt',
  ],
  'analytics show': [
    'dealdesk analytics show --range thisWeek',
    'dealdesk analytics show --from 2026-11-01 --to 2026-11-15',
    'dealdesk analytics show --from 2026-10-01 --to 2026-10-31 --format csv -o october.csv',
  ],
  'analytics clear': [
    'dealdesk analytics clear --range yesterday --yes',
    'dealdesk analytics clear <id> --range thisMonth',
  ],
  'audit list': [
    'dealdesk audit list --kind product --from 2026-11-01 --to 2026-11-30',
    'dealdesk audit list --admin admin --action delete --limit 100',
    'dealdesk audit list --kind banner --item <id> --format csv -o banner-history.csv',
  ],
  'audit show': ['dealdesk audit show <id>', 'dealdesk --json audit show <id> | jq .changes'],
  load: [
    'dealdesk load',
    'dealdesk load --watch',
    'dealdesk --json load --fail-above 90 || echo "load high"',
  ],
};

/** The block commander prints after a command's options. */
export const examplesHelp = (lines: readonly string[]) =>
  `\nExamples:\n${lines.map((line) => `  ${line}`).join('\n')}`;
