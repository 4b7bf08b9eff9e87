import {
  productCreateSchema,
  productMessages,
  type ProductCreate,
  type ScrapeResult,
} from '@dealdesk/core';
import { Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { FormRefusal } from '../../ui/FormRefusal.js';
import { shownInForm, useFormState } from '../../ui/form.js';
import { DraftNotice, useUnsavedChanges } from '../../ui/useUnsavedChanges.js';
import { paths } from '../../app/paths.js';
import { useAction, useNoticeLink, useSubmission } from '../../ui/mutations.js';
import { toastSuccess, unwrapOr } from '../../ui/notify.js';
import { markOf } from '../../ui/validation.js';
import { ImageFilesInput } from './ImageFilesInput.js';
import { ImageUrlRows } from './ImageUrlRows.js';
import {
  emptyProduct,
  formErrorsOf,
  productDataOf,
  type ProductFormValues,
} from './product-form.js';
import { ProductFields } from './ProductFields.js';
import { productQueries } from './queries.js';
import { ScrapeBox } from './ScrapeBox.js';
import { ScrapeChanges } from './ScrapeChanges.js';
import {
  handEditsChanged,
  keepingEdits,
  scrapedFill,
  type ScrapeChange,
  type ScrapeFill,
} from './scrape-merge.js';
import { SizePicker } from './SizePicker.js';
import { SpecificationsEditor } from './SpecificationsEditor.js';
import { uploadOf } from '../../ui/upload.js';
import { WritesFieldset } from '../../ui/WritesFieldset.js';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper p="md">
      <Title order={2} fz="h5" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** /add/Product: a product by hand or from a marketplace page, with its images. */
export function AddProductPage() {
  const queryClient = useQueryClient();
  const form = useFormState<ProductFormValues>(emptyProduct);
  const [files, setFiles] = useState<File[]>([]);
  const [imageUrls, setImageUrls] = useState<string[]>(['']);
  const draft = useUnsavedChanges(
    'product:new',
    { fields: form.values, imageUrls },
    form.dirty || files.length > 0 || imageUrls.some((url) => url.trim() !== ''),
    (kept) => {
      form.setValues(kept.fields);
      setImageUrls(kept.imageUrls);
    },
  );
  // A new form (after an add) starts its own image previews and rows.
  const [formKey, setFormKey] = useState(0);

  const submission = useSubmission();
  const linkTo = useNoticeLink();
  // What the last scrape (or the empty form) put in: a field differing from it was typed.
  const lastFill = useRef<ScrapeFill>({ fields: emptyProduct, imageUrls: [''] });
  const [asking, setAsking] = useState<{
    mine: ScrapeFill;
    incoming: ScrapeFill;
    changes: ScrapeChange[];
    round: number;
  } | null>(null);
  const showFill = ({ fields, imageUrls: links }: ScrapeFill) => {
    form.setValues(fields);
    setImageUrls(links);
  };
  const add = useAction({
    mutationFn: async ({ productData, imageUrls: urls }: Omit<ProductCreate, 'images'>) =>
      unwrapOr(
        await submission
          .client()
          .products.create({ productData, imageUrls: urls, images: files.map(uploadOf) }),
        { failed: 'Failed to add product', unreachable: 'An error occurred while adding product' },
      ),
    onSuccess: async (answer) => {
      submission.done();
      const product = answer.data;
      toastSuccess(
        answer.message,
        linkTo(
          product === undefined
            ? undefined
            : { label: 'Open the product', path: paths.productDetails(product._id) },
        ),
      );
      form.reset();
      setFiles([]);
      setImageUrls(['']);
      lastFill.current = { fields: emptyProduct, imageUrls: [''] };
      setAsking(null);
      setFormKey((key) => key + 1);
      await queryClient.invalidateQueries({ queryKey: productQueries.all });
    },
    onError: (error) => form.refused(error, formErrorsOf),
    meta: shownInForm,
  });

  const fillFromScrape = (url: string, result: ScrapeResult) => {
    const current = { fields: form.values, imageUrls };
    const incoming = scrapedFill(current, url, result);
    const changes = handEditsChanged(lastFill.current, current, incoming);
    lastFill.current = incoming;
    form.setErrors({});
    // Hand edits stay until the administrator chooses; the other fields take the page's.
    showFill(keepingEdits(current, incoming, new Set(changes.map(({ part }) => part))));
    setAsking(
      changes.length === 0
        ? null
        : { mine: current, incoming, changes, round: (asking?.round ?? 0) + 1 },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { productData: productDataOf(form.values), imageUrls, images: files };
    const checked = form.checkAll(
      productCreateSchema,
      input,
      productMessages.required,
      formErrorsOf,
    );
    if (checked !== null)
      add.mutate({ productData: checked.productData, imageUrls: checked.imageUrls });
  };
  const imagesMark = markOf(form.errors.images, productMessages.required);

  return (
    <WritesFieldset>
      <form onSubmit={submit} noValidate aria-label="Add Product" key={formKey}>
        <FormRefusal message={form.refusal} />
        <DraftNotice offer={draft} />
        <Grid gutter="md" mt={draft === null ? 0 : 'md'}>
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Stack gap="md">
              <ScrapeBox onScraped={fillFromScrape} />
              {asking === null ? null : (
                <ScrapeChanges
                  key={asking.round}
                  changes={asking.changes}
                  onApply={(kept) => {
                    showFill(keepingEdits(asking.mine, asking.incoming, kept));
                    setAsking(null);
                  }}
                />
              )}
              <Section title="Product details">
                <ProductFields
                  form={form}
                  sizes={
                    <SizePicker
                      value={form.values.availableSizes}
                      onChange={(sizes) => form.set('availableSizes', sizes)}
                    />
                  }
                />
              </Section>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Stack gap="md">
              <Section title="Images">
                <Stack gap="md">
                  <ImageFilesInput files={files} onChange={setFiles} error={imagesMark} />
                  <div>
                    <Text size="sm" fw={500} mb={6}>
                      Image URLs
                    </Text>
                    <ImageUrlRows
                      urls={imageUrls}
                      onChange={setImageUrls}
                      error={form.errors.imageUrls ?? (imagesMark === true ? true : undefined)}
                    />
                  </div>
                </Stack>
              </Section>
              <Section title="Specifications">
                <SpecificationsEditor
                  value={form.values.specifications}
                  onChange={(specifications) => form.set('specifications', specifications)}
                />
              </Section>
              <Group justify="flex-end">
                <Button type="submit" size="md" loading={add.isPending}>
                  Add Product
                </Button>
              </Group>
            </Stack>
          </Grid.Col>
        </Grid>
      </form>
    </WritesFieldset>
  );
}
