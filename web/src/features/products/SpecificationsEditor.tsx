import { productMessages, type Specifications, textLimits } from '@dealdesk/core';
import { ActionIcon, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';

/** The named specifications, sizeDetails (a size-to-details map) aside. */
export function namedSpecifications(specifications: Specifications): [string, string][] {
  return Object.entries(specifications).flatMap(([name, value]) =>
    name !== 'sizeDetails' && typeof value === 'string' ? [[name, value]] : [],
  );
}

/** sizeDetails in its own table: one row per size. */
export function SizeDetailsTable({
  sizeDetails,
}: {
  sizeDetails: Record<string, string> | undefined;
}) {
  const rows = Object.entries(sizeDetails ?? {});
  if (rows.length === 0) return null;
  return (
    <div>
      <Text fw={600} size="sm" mb={4}>
        Size details
      </Text>
      <Table withTableBorder withColumnBorders aria-label="Size details">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={100}>Size</Table.Th>
            <Table.Th>Details</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(([size, details]) => (
            <Table.Tr key={size}>
              <Table.Td fw={500}>{size}</Table.Td>
              <Table.Td>{details}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/** Read-only specifications: a name/value table, then the size details. */
export function SpecificationsView({ specifications }: { specifications: Specifications }) {
  const named = namedSpecifications(specifications);
  return (
    <Stack gap="sm">
      {named.length === 0 ? (
        <Text c="dimmed" size="sm">
          No specifications
        </Text>
      ) : (
        <Table withTableBorder withColumnBorders aria-label="Specifications">
          <Table.Tbody>
            {named.map(([name, value]) => (
              <Table.Tr key={name}>
                <Table.Th w="35%">{name}</Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <SizeDetailsTable sizeDetails={specifications.sizeDetails} />
    </Stack>
  );
}

/**
 * Adds name/value specifications: an empty name is refused, an existing name gets the new
 * value. Each can be removed; sizeDetails is kept as it came (scraped or stored).
 */
export function SpecificationsEditor({
  value,
  onChange,
}: {
  value: Specifications;
  onChange: (specifications: Specifications) => void;
}) {
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = () => {
    const key = name.trim();
    if (key === '') {
      setError(productMessages.specificationName);
      return;
    }
    onChange({ ...value, [key]: text.trim() });
    setName('');
    setText('');
    setError(null);
  };
  const remove = (key: string) => {
    onChange(Object.fromEntries(Object.entries(value).filter(([entry]) => entry !== key)));
  };
  const named = namedSpecifications(value);

  return (
    <Stack gap="sm">
      <Group align="flex-start" gap="xs" wrap="wrap">
        <TextInput
          label="Specification name"
          maxLength={textLimits.name}
          placeholder="e.g. Material"
          value={name}
          error={error}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          style={{ flex: '1 1 180px' }}
        />
        <TextInput
          label="Value"
          maxLength={textLimits.description}
          placeholder="e.g. Cotton"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          style={{ flex: '2 1 220px' }}
        />
        <Button variant="light" onClick={add} mt={25}>
          Add specification
        </Button>
      </Group>
      {named.length === 0 ? null : (
        <Table withTableBorder aria-label="Specifications">
          <Table.Tbody>
            {named.map(([key, entry]) => (
              <Table.Tr key={key}>
                <Table.Th w="35%">{key}</Table.Th>
                <Table.Td>{entry}</Table.Td>
                <Table.Td w={48}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${key}`}
                    onClick={() => remove(key)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <SizeDetailsTable sizeDetails={value.sizeDetails} />
    </Stack>
  );
}
