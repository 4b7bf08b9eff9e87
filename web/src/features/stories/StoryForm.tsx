// One form for story videos or images and story ads, to add and to edit (spec sections 3-5).
// The type decides the file slot (mp4, or png/jpg/jpeg) and, for ads, the native (NTV) id.
import {
  defaultStoryTime,
  imageRule,
  limitFields,
  limitTypeOf,
  limitValueOf,
  storyAddSchema,
  storyAdTypeOf,
  storyEditFieldsSchema,
  videoRule,
  type LimitType,
  type StoryAd,
  type StoryAdType,
  type StoryVideo,
  textLimits,
} from '@dealdesk/core';
import {
  Button,
  Group,
  Image,
  NumberInput,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FormRefusal } from '../../ui/FormRefusal.js';
import { LimitFields } from '../../ui/LimitFields.js';
import { useFormState } from '../../ui/form.js';
import { DraftNotice, useUnsavedChanges } from '../../ui/useUnsavedChanges.js';
import { UploadField } from '../../ui/UploadField.js';
import { uploadOf } from '../../ui/upload.js';
import { videoFrame } from '../../ui/videoFrame.js';
import type { StoryAddRequest, StoryEditRequest } from '@dealdesk/core';
import { WritesFieldset } from '../../ui/WritesFieldset.js';

export type StoryKind = 'video' | 'ad';

interface StoryValues {
  type: StoryAdType;
  storyTime: string | number;
  btnName: string;
  btnUrl: string;
  NTV_ID: string;
  limitType: LimitType;
  limitValue: string | number;
  status: boolean;
  view: string | number;
  clickBtnCount: string | number;
}

function initialValues(story: StoryVideo | StoryAd | undefined): StoryValues {
  if (story === undefined) {
    return {
      type: 'Video',
      storyTime: defaultStoryTime,
      btnName: '',
      btnUrl: '',
      NTV_ID: '',
      limitType: 'None',
      limitValue: '',
      status: true,
      view: 0,
      clickBtnCount: 0,
    };
  }
  const ad = 'NTV' in story ? story : undefined;
  return {
    type: storyAdTypeOf({ video: story.video, NTV: ad?.NTV ?? false }),
    storyTime: story.storyTime,
    btnName: story.btnName,
    btnUrl: story.btnUrl,
    NTV_ID: ad?.NTV_ID ?? '',
    limitType: limitTypeOf(story),
    limitValue: limitValueOf(story),
    status: story.status,
    view: story.view,
    clickBtnCount: story.clickBtnCount,
  };
}

/** Which types a form offers: a native story ad being edited stays native (spec section 4). */
function typeChoices(
  kind: StoryKind,
  editing: StoryValues | null,
): { value: StoryAdType; label: string }[] {
  if (kind === 'video')
    return [
      { value: 'Video', label: 'Video' },
      { value: 'Image', label: 'Image' },
    ];
  if (editing?.type === 'NTV') return [{ value: 'NTV', label: 'Native' }];
  const choices: { value: StoryAdType; label: string }[] = [
    { value: 'Video', label: 'Video' },
    { value: 'Image', label: 'Image' },
  ];
  // A file story ad being edited keeps a file: it cannot turn native.
  return editing === null ? [...choices, { value: 'NTV', label: 'NTV' }] : choices;
}

/** The frame taken from the chosen video, as the story's thumbnail will show. */
function ThumbnailPreview({ file }: { file: File }) {
  const [url, setUrl] = useState('');
  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return (
    <Group gap="xs">
      <Image src={url} alt="Thumbnail taken from the video" h={48} w="auto" radius="sm" />
      <Text size="xs" c="dimmed">
        Thumbnail, taken from the video
      </Text>
    </Group>
  );
}

export type StorySubmit =
  { mode: 'add'; request: StoryAddRequest } | { mode: 'edit'; request: StoryEditRequest };

export function StoryForm({
  kind,
  story,
  busy,
  onSubmit,
  onCancel,
}: {
  kind: StoryKind;
  /** The story being edited; absent on the add form. */
  story?: StoryVideo | StoryAd;
  busy: boolean;
  /** The screen's save: it fails with the server's refusal, which the form then shows. */
  onSubmit: (submit: StorySubmit) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const editing = story !== undefined;
  const form = useFormState(() => initialValues(story));
  const [file, setFile] = useState<File | null>(null);
  // A chosen video's thumbnail: a frame taken in the browser, sent as thembnal with the video.
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const frame = useRef<Promise<File | null>>(Promise.resolve(null));
  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    setThumbnail(null);
    const taking =
      chosen !== null && form.values.type === 'Video' ? videoFrame(chosen) : Promise.resolve(null);
    frame.current = taking;
    void taking.then((taken) => {
      if (frame.current === taking) setThumbnail(taken);
    });
  };
  const draft = useUnsavedChanges(
    `story:${kind}:${story?._id ?? 'new'}`,
    form.values,
    form.dirty || file !== null,
    form.setValues,
  );
  const typeLabelId = useId();
  const { values, errors } = form;
  const isAd = kind === 'ad';
  const choices = typeChoices(kind, editing ? initialValues(story) : null);

  const save = async () => {
    const insertData = {
      storyTime: values.storyTime,
      adsStory: isAd,
      btnName: values.btnName,
      btnUrl: values.btnUrl,
      NTV: isAd && values.type === 'NTV',
      NTV_ID: isAd && values.type === 'NTV' ? values.NTV_ID : '',
      ...limitFields(values.limitType, values.limitValue),
    };
    // Waits for the frame when Submit comes first (it takes a moment).
    const taken = values.type === 'Video' && file !== null ? await frame.current : null;
    const files =
      file === null
        ? {}
        : values.type === 'Video'
          ? { video: file, ...(taken === null ? {} : { thembnal: taken }) }
          : { image: file };
    const uploads = Object.fromEntries(
      Object.entries(files).map(([slot, chosen]) => [slot, uploadOf(chosen)]),
    );
    if (story === undefined) {
      const parsed = form.check(storyAddSchema, { insertData, ...files });
      if (parsed === null) return;
      const saved = onSubmit({
        mode: 'add',
        request: { insertData: parsed.insertData, ...uploads },
      });
      if (await form.saved(saved)) {
        form.reset({ ...initialValues(undefined), type: values.type });
        chooseFile(null);
      }
      return;
    }
    const editData = {
      ...insertData,
      status: values.status,
      ...(isAd ? { view: values.view, clickBtnCount: values.clickBtnCount } : {}),
    };
    const parsed = form.check(storyEditFieldsSchema, {
      _id: story._id,
      insertData: editData,
      ...files,
    });
    if (parsed === null) return;
    await form.saved(
      onSubmit({
        mode: 'edit',
        request: { _id: story._id, insertData: parsed.insertData, ...uploads },
      }),
    );
  };
  // A second click while the first submission waits (for the video's frame, then the server)
  // does nothing: one story per submission.
  const submitting = useRef(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting.current || busy) return;
    submitting.current = true;
    void save().finally(() => {
      submitting.current = false;
    });
  };

  const fileError = errors['image'] ?? errors['video'] ?? errors['thembnal'];
  const chooseType = (type: StoryAdType) => {
    form.set('type', type);
    chooseFile(null);
  };

  return (
    <Paper p={{ base: 'md', sm: 'lg' }}>
      <WritesFieldset>
        <form onSubmit={submit} noValidate>
          <Stack>
            <FormRefusal message={form.refusal} />
            <DraftNotice offer={draft} />
            <Stack gap={6}>
              <Text size="sm" fw={500} id={typeLabelId}>
                {isAd ? 'Story ad type' : 'Story type'}
              </Text>
              <SegmentedControl
                aria-labelledby={typeLabelId}
                data={choices}
                value={values.type}
                onChange={(chosen) => chooseType(chosen as StoryAdType)}
                w="fit-content"
              />
            </Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {values.type === 'NTV' ? (
                <TextInput
                  label="Native ad ID"
                  maxLength={textLimits.code}
                  required
                  value={values.NTV_ID}
                  error={errors['insertData.NTV_ID']}
                  onChange={(event) => form.set('NTV_ID', event.currentTarget.value)}
                />
              ) : (
                <Stack gap="xs">
                  <UploadField
                    key={values.type}
                    label={values.type === 'Video' ? 'Video file' : 'Image file'}
                    rule={values.type === 'Video' ? videoRule : imageRule}
                    file={file}
                    onFile={chooseFile}
                    required={!editing}
                    error={fileError}
                    {...(editing ? { description: 'Leave empty to keep the current file' } : {})}
                  />
                  {thumbnail === null ? null : <ThumbnailPreview file={thumbnail} />}
                </Stack>
              )}
              <NumberInput
                label="Story time (seconds)"
                description={
                  values.type === 'Video' ? 'A video plays for its own length' : undefined
                }
                min={0}
                disabled={values.type === 'Video'}
                value={values.storyTime}
                error={errors['insertData.storyTime']}
                onChange={(value) => form.set('storyTime', value)}
              />
              {values.type === 'NTV' ? null : (
                <>
                  <TextInput
                    label="Button text"
                    maxLength={textLimits.buttonText}
                    required={isAd}
                    value={values.btnName}
                    error={errors['insertData.btnName']}
                    onChange={(event) => form.set('btnName', event.currentTarget.value)}
                  />
                  <TextInput
                    label="Button URL"
                    maxLength={textLimits.url}
                    type="url"
                    required={isAd}
                    placeholder="https://"
                    value={values.btnUrl}
                    error={errors['insertData.btnUrl']}
                    onChange={(event) => form.set('btnUrl', event.currentTarget.value)}
                  />
                </>
              )}
              {editing && isAd ? (
                <>
                  <NumberInput
                    label="Views"
                    allowDecimal={false}
                    value={values.view}
                    error={errors['insertData.view']}
                    onChange={(value) => form.set('view', value)}
                  />
                  <NumberInput
                    label="Clicks"
                    allowDecimal={false}
                    value={values.clickBtnCount}
                    error={errors['insertData.clickBtnCount']}
                    onChange={(value) => form.set('clickBtnCount', value)}
                  />
                </>
              ) : null}
              {editing && !isAd && story !== undefined ? (
                <>
                  <TextInput label="Views" value={String(story.view)} readOnly variant="filled" />
                  <TextInput
                    label="Clicks"
                    value={String(story.clickBtnCount)}
                    readOnly
                    variant="filled"
                  />
                </>
              ) : null}
            </SimpleGrid>
            <LimitFields
              type={values.limitType}
              value={values.limitValue}
              onType={(type) => form.set('limitType', type)}
              onValue={(value) => form.set('limitValue', value)}
              error={errors['insertData.maxviewLimit'] ?? errors['insertData.maxclickLimit']}
            />
            {editing ? (
              <Switch
                label={values.status ? 'Active' : 'De Active'}
                checked={values.status}
                onChange={(event) => form.set('status', event.currentTarget.checked)}
                color="teal"
              />
            ) : null}
            <Group justify="flex-end">
              {onCancel === undefined ? null : (
                <Button variant="default" onClick={onCancel} disabled={busy}>
                  Cancel
                </Button>
              )}
              <Button type="submit" loading={busy}>
                {editing ? 'Update' : isAd ? 'Add story ad' : 'Add story'}
              </Button>
            </Group>
          </Stack>
        </form>
      </WritesFieldset>
    </Paper>
  );
}
