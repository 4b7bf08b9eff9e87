// `dealdesk completion bash|zsh|fish`: a completion script made from the program's own command
// tree (commands, subcommands and their options), so it never lags behind the declarations.
import { Argument, type Command } from '@commander-js/extra-typings';
import { productEvents } from '@dealdesk/core';
import type { Declare } from '../command.js';

export const shells = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof shells)[number];

/** What a value may be: the choices listed, or the profiles of the config file. */
type Values = readonly string[] | 'profiles';

/** One command of the tree: its path of names from the program, and what may follow it. */
interface Node {
  path: string[];
  description: string;
  subcommands: { name: string; description: string }[];
  options: { flags: string[]; description: string; takesValue: boolean; values?: Values }[];
  /** The values of its first argument (`events set <event>`, `completion <shell>`). */
  argumentValues?: Values;
}

/**
 * Values of options and arguments that take free text for the parser (the server checks
 * them, and takes spellings such as `Now Launch` too) but that completion can offer.
 */
const valuesByName: Readonly<Record<string, Values>> = {
  event: productEvents,
  profile: 'profiles',
};

/** The profile names, as the completion scripts ask the CLI for them (a table's 2nd column). */
const profilesCommand = (name: string) => `${name} config list 2>/dev/null | tail -n +2 | cut -f2`;

/** Every command of the tree, the program first, as `help` shows them (hidden ones left out). */
export function commandTree(program: Command): Node[] {
  const nodes: Node[] = [];
  const visit = (command: Command, path: string[]) => {
    const help = command.createHelp();
    const subcommands = help
      .visibleCommands(command)
      .map((sub) => ({ name: sub.name(), description: sub.summary() || sub.description() }));
    // The program's options are taken after any command too (`products list --json`).
    const globals =
      command.parent === null
        ? []
        : program.options.filter((option) => !option.hidden && option.long !== '--version');
    const options = [...help.visibleOptions(command), ...globals].map((option) => ({
      flags: [option.short, option.long].filter((flag): flag is string => flag !== undefined),
      description: option.description,
      takesValue: option.required || option.optional,
      values: option.argChoices ?? valuesByName[option.attributeName()],
    }));
    const [argument] = command.registeredArguments;
    const argumentValues =
      argument === undefined ? undefined : (argument.argChoices ?? valuesByName[argument.name()]);
    nodes.push({
      path,
      description: command.description(),
      subcommands,
      options,
      ...(argumentValues === undefined ? {} : { argumentValues }),
    });
    for (const sub of command.commands as Command[])
      if (subcommands.some((listed) => listed.name === sub.name()))
        visit(sub, [...path, sub.name()]);
  };
  visit(program, []);
  return nodes;
}

const shellWord = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** Shell code printing the values one a line. */
const printValues = (values: Values, name: string) =>
  values === 'profiles'
    ? profilesCommand(name)
    : `printf '%s\\n' ${values.map(shellWord).join(' ')}`;
const functionName = (name: string) => `_${name.replace(/[^A-Za-z0-9_]/g, '_')}_completion`;

/** Bash (zsh loads it through bashcompinit). */
export function bashScript(program: Command): string {
  const name = program.name();
  const nodes = commandTree(program);
  const paths = nodes.filter((node) => node.path.length > 0).map((node) => node.path.join(' '));
  /** Per command: `words`, what may follow it, and `values`, its options that take a value. */
  const cases = nodes
    .map((node) => {
      const words = [
        ...node.subcommands.map((sub) => sub.name),
        ...node.options.flatMap((option) => option.flags),
      ];
      const values = node.options.filter((option) => option.takesValue).flatMap((o) => o.flags);
      return `    ${shellWord(node.path.join(' '))}) words=${shellWord(words.join(' '))} values=${shellWord(` ${values.join(' ')} `)} ;;`;
    })
    .join('\n');
  const fn = functionName(name);
  // `path|option` (`path|` for the first argument) to the values it takes, patterns of the same
  // values in one branch.
  const branches = new Map<string, string[]>();
  const addBranch = (values: Values | undefined, pattern: string) => {
    if (values === undefined) return;
    const code = printValues(values, name);
    // A leading * matches any command path.
    const word = pattern.startsWith('*') ? `*${shellWord(pattern.slice(1))}` : shellWord(pattern);
    branches.set(code, [...(branches.get(code) ?? []), word]);
  };
  // The program's options are taken after any command: one pattern each.
  const globalFlags = new Set(nodes[0]?.options.flatMap((option) => option.flags));
  for (const node of nodes) {
    const path = node.path.join(' ');
    addBranch(node.argumentValues, `${path}|`);
    for (const option of node.options)
      for (const flag of option.flags)
        if (node.path.length === 0) addBranch(option.values, `*|${flag}`);
        else if (!globalFlags.has(flag)) addBranch(option.values, `${path}|${flag}`);
  }
  const valueCases = [...branches]
    .map(([code, patterns]) => `    ${patterns.join('|')}) ${code} ;;`)
    .join('\n');
  return `# ${name} completion for bash. Made by \`${name} completion bash\` from the command tree.
${fn}_values() {
  case "$1|$2" in
${valueCases}
  esac
}
# Completes the word under the cursor from values one a line (spaces kept, escaped).
${fn}_from() {
  local IFS=$'\\n'
  COMPREPLY=($(compgen -W "$1" -- "$cur"))
  COMPREPLY=("\${COMPREPLY[@]// /\\\\ }")
}
${fn}() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" path="" word words="" values="" index
  for ((index = 1; index <= COMP_CWORD; index++)); do
    case "$path" in
${cases}
    esac
    ((index == COMP_CWORD)) && break
    word="\${COMP_WORDS[index]}"
    if [[ "$word" == -* ]]; then
      # An option's value is the next word (unless written --option=value): no command.
      [[ "$word" != *=* && "$values" == *" $word "* ]] && ((index++))
      # The option's value is under the cursor: its values, if it has a list.
      ((index >= COMP_CWORD)) && { ${fn}_from "$(${fn}_values "$path" "$word")"; return 0; }
      continue
    fi
    case "\${path:+$path }$word" in
      ${paths.map(shellWord).join('|')}) path="\${path:+$path }$word" ;;
    esac
  done
  local choices=""
  [[ "$cur" != -* ]] && choices="$(${fn}_values "$path" '')"
  if [[ -n "$choices" ]]; then ${fn}_from "$choices"; return 0; fi
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -o default -F ${fn} ${name}
`;
}

export function zshScript(program: Command): string {
  return `#compdef ${program.name()}
# ${program.name()} completion for zsh (the bash completion, through bashcompinit).
autoload -U +X bashcompinit && bashcompinit
${bashScript(program)}`;
}

export function fishScript(program: Command): string {
  const name = program.name();
  const nodes = commandTree(program);
  const lines = [`# ${name} completion for fish. Made by \`${name} completion fish\`.`];
  lines.push(`complete -c ${name} -f`);
  /** fish's condition that the command line has reached exactly `path`. */
  const at = (node: Node) => {
    if (node.path.length === 0) return '__fish_use_subcommand';
    // Command names are plain words: no quoting inside the condition.
    const conditions = node.path.map((part) => `__fish_seen_subcommand_from ${part}`);
    if (node.subcommands.length > 0)
      conditions.push(
        `not __fish_seen_subcommand_from ${node.subcommands.map((sub) => sub.name).join(' ')}`,
      );
    return conditions.join('; and ');
  };
  /** fish's `-a` of values: the list, or the profiles asked of the CLI. */
  const fishValues = (values: Values) =>
    shellWord(
      values === 'profiles'
        ? `(${profilesCommand(name)})`
        : values.map((value) => (value.includes(' ') ? `"${value}"` : value)).join(' '),
    );
  for (const node of nodes) {
    const condition = shellWord(at(node));
    if (node.argumentValues !== undefined)
      lines.push(`complete -c ${name} -n ${condition} -a ${fishValues(node.argumentValues)}`);
    for (const sub of node.subcommands)
      lines.push(
        `complete -c ${name} -n ${condition} -a ${shellWord(sub.name)} -d ${shellWord(sub.description)}`,
      );
    // The program's own options are offered everywhere; a command's only after it.
    const optionCondition = node.path.length === 0 ? '' : ` -n ${condition}`;
    for (const option of node.options) {
      const flags = option.flags
        .map((flag) => (flag.startsWith('--') ? `-l ${flag.slice(2)}` : `-s ${flag.slice(1)}`))
        .join(' ');
      lines.push(
        `complete -c ${name}${optionCondition} ${flags}${option.takesValue ? ' -r' : ''}${option.values === undefined ? '' : ` -f -a ${fishValues(option.values)}`} -d ${shellWord(option.description)}`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

export function completionScript(program: Command, shell: Shell): string {
  if (shell === 'bash') return bashScript(program);
  if (shell === 'zsh') return zshScript(program);
  return fishScript(program);
}

const install = `
Install (then open a new shell):
  bash   dealdesk completion bash > ~/.local/share/bash-completion/completions/dealdesk
         (or add  eval "$(dealdesk completion bash)"  to ~/.bashrc)
  zsh    dealdesk completion zsh > "\${fpath[1]}/_dealdesk"
         (or add  eval "$(dealdesk completion zsh)"  to ~/.zshrc, after compinit)
  fish   dealdesk completion fish > ~/.config/fish/completions/dealdesk.fish

The script is made from this version's commands: make it again after an upgrade.

Examples:
  dealdesk completion bash > ~/.local/share/bash-completion/completions/dealdesk
  source <(dealdesk completion bash)`;

const declare: Declare = (command, run) => {
  command
    .addArgument(new Argument('<shell>', 'the shell: bash, zsh or fish').choices(shells))
    .addHelpText('after', install)
    .action(
      run(async (context, shell: Shell) => {
        const script = completionScript((command.parent ?? command) as Command, shell);
        context.result({ status: true, shell, script }, () => context.streams.stdout.write(script));
      }),
    );
};

export const commands = { completion: declare };
