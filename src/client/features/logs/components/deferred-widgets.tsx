import {
  ComboboxChevron,
  InputBase,
  Pill,
  PillsInput,
  TextInput,
  type MultiSelectProps,
  type NumberInputProps,
  type SelectProps,
  type TextareaProps,
} from '@mantine/core';
import type { DateInputProps } from '@mantine/dates';
import { useMergedRef } from '@mantine/hooks';
import {
  forwardRef,
  lazy,
  Suspense,
  useRef,
  type ComponentType,
  type ReactNode,
  type Ref,
  type RefObject,
} from 'react';

// One chunk for the four widgets (log-form-widgets.tsx), asked for when the form first renders.
const widgets = () => import('./log-form-widgets');
type WithRef<P, E = HTMLInputElement> = ComponentType<P & { ref?: Ref<E> }>;
const LazySelect = lazy(() =>
  widgets().then((m) => ({ default: m.Select as WithRef<SelectProps> })),
);
const LazyNumberInput = lazy(() =>
  widgets().then((m) => ({ default: m.NumberInput as WithRef<NumberInputProps> })),
);
const LazyDateInput = lazy(() =>
  widgets().then((m) => ({ default: m.DateInput as WithRef<DateInputProps> })),
);
const LazyTextarea = lazy(() =>
  widgets().then((m) => ({ default: m.Textarea as WithRef<TextareaProps, HTMLTextAreaElement> })),
);

/** What the reader did to a stand-in, handed to the widget that replaces it. */
type HandOver = { isFocused: boolean; isOpenAsked: boolean };

/** The input wrapper's parts a stand-in draws exactly as its widget does. */
type FramePick = {
  label?: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  withAsterisk?: boolean;
  placeholder?: string;
  disabled?: boolean;
  inputWrapperOrder?: ('label' | 'input' | 'description' | 'error')[];
};

function framePick(props: FramePick): FramePick {
  const { label, description, error, required, withAsterisk, placeholder, disabled } = props;
  return {
    label,
    description,
    error,
    required,
    withAsterisk,
    placeholder,
    disabled,
    inputWrapperOrder: props.inputWrapperOrder,
  };
}

/**
 * The events of a stand-in that its widget takes over: focus moves to the widget, and a click or
 * an arrow key asks its dropdown to open, as it would have.
 */
function handOverEvents(handOver: RefObject<HandOver>) {
  const state = handOver.current;
  return {
    onFocus: () => {
      state.isFocused = true;
    },
    onBlur: () => {
      state.isFocused = false;
    },
    onMouseDown: () => {
      state.isOpenAsked = true;
    },
    onKeyDown: (event: { key: string }) => {
      if (['ArrowDown', 'ArrowUp', 'Enter', ' '].includes(event.key)) state.isOpenAsked = true;
    },
  };
}

type StandInEvents = ReturnType<typeof handOverEvents>;

/**
 * A widget drawn by `standIn` (given the events to hand over) until its code arrives. Suspense
 * renders `Arrived` when the chunk is there, so it reads what happened to the stand-in by then.
 */
function Deferred<P>({
  Widget,
  widgetProps,
  canOpen,
  standIn,
}: {
  Widget: ComponentType<P>;
  widgetProps: P;
  /** A click or key on the stand-in opens the widget's dropdown (Select, MultiSelect). */
  canOpen: boolean;
  standIn: (events: StandInEvents) => ReactNode;
}) {
  const handOver = useRef<HandOver>({ isFocused: false, isOpenAsked: false });
  return (
    <Suspense fallback={standIn(handOverEvents(handOver))}>
      <Arrived Widget={Widget} widgetProps={widgetProps} handOver={handOver} canOpen={canOpen} />
    </Suspense>
  );
}

function Arrived<P>({
  Widget,
  widgetProps,
  handOver,
  canOpen,
}: {
  Widget: ComponentType<P>;
  widgetProps: P;
  handOver: RefObject<HandOver>;
  canOpen: boolean;
}) {
  const { isFocused, isOpenAsked } = handOver.current;
  const taken = {
    ...(isFocused ? { autoFocus: true } : {}),
    ...(canOpen && isFocused && isOpenAsked ? { defaultDropdownOpened: true } : {}),
  };
  return <Widget {...widgetProps} {...taken} />;
}

/** The text a select shows for its value. */
function selectedLabel(data: SelectProps['data'], value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  const items = (data ?? []).flatMap((item) =>
    typeof item === 'object' && 'items' in item ? item.items : [item],
  );
  for (const item of items) {
    if (typeof item === 'string' && item === value) return item;
    if (typeof item === 'object' && 'label' in item && item.value === value) return item.label;
  }
  return '';
}

/** A read-only text field in the frame of `props` (a field widget's), showing `value`. */
function textStandIn(
  props: FramePick,
  value: string,
  ref: Ref<HTMLInputElement>,
  withChevron: boolean,
) {
  return function TextStandIn(events: StandInEvents) {
    return (
      <TextInput
        ref={ref}
        {...framePick(props)}
        value={value}
        readOnly
        {...(withChevron
          ? {
              rightSection: <ComboboxChevron error={props.error} />,
              rightSectionPointerEvents: 'none' as const,
            }
          : {})}
        {...events}
      />
    );
  };
}

/** Mantine's Select, drawn as a read-only field of the same frame until its code arrives. */
export const DeferredSelect = forwardRef<HTMLInputElement, SelectProps>(
  function DeferredSelect(props, ref) {
    const value = selectedLabel(props.data, props.value);
    return (
      <Deferred
        Widget={LazySelect}
        widgetProps={{ ...props, ref }}
        canOpen
        standIn={textStandIn(props, value, ref, true)}
      />
    );
  },
);

/** Mantine's NumberInput, drawn as a read-only field of the same frame until its code arrives. */
export const DeferredNumberInput = forwardRef<HTMLInputElement, NumberInputProps>(
  function DeferredNumberInput(props, ref) {
    const value = props.value === undefined ? '' : String(props.value);
    return (
      <Deferred
        Widget={LazyNumberInput}
        widgetProps={{ ...props, ref }}
        canOpen={false}
        standIn={textStandIn(props, value, ref, false)}
      />
    );
  },
);

/** Mantine's DateInput (it opens its calendar on focus), read-only until its code arrives. */
export const DeferredDateInput = forwardRef<HTMLInputElement, DateInputProps>(
  function DeferredDateInput(props, ref) {
    const value = typeof props.value === 'string' ? props.value : '';
    return (
      <Deferred
        Widget={LazyDateInput}
        widgetProps={{ ...props, ref }}
        canOpen={false}
        standIn={textStandIn(props, value, ref, false)}
      />
    );
  },
);

/**
 * Gives a textarea the height Mantine's autosize gives it (Autosize.mjs' calculateNodeHeight):
 * its text's height, or `minRows` to `maxRows` rows of its scroll height for one row (a whole
 * number of pixels, so not quite `rows` lines), so the widget replacing the stand-in moves nothing.
 */
function sizeAsAutosize(node: HTMLTextAreaElement, minRows = 1, maxRows = Infinity): void {
  const style = getComputedStyle(node);
  const padding = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
  const border = parseFloat(style.borderTopWidth) + parseFloat(style.borderBottomWidth);
  const { value } = node;
  const measure = (text: string) => {
    node.value = text;
    return node.scrollHeight;
  };
  node.style.setProperty('height', '0', 'important');
  node.style.setProperty('overflow', 'hidden');
  node.style.setProperty('min-height', '0');
  const textHeight = measure(value || node.placeholder || 'x') + border;
  const rowHeight = measure('x') - padding;
  node.value = value;
  node.style.removeProperty('overflow');
  node.style.removeProperty('min-height');
  const height = Math.min(
    Math.max(rowHeight * minRows + padding + border, textHeight),
    rowHeight * maxRows + padding + border,
  );
  node.style.setProperty('height', `${height}px`, 'important');
}

/**
 * Mantine's Textarea with `autosize` (deferred for its weight), drawn until its code arrives as
 * the same field at the height it will have, read-only. Its value is the form's (react-hook-form
 * sets it through the ref, on the stand-in and then on the widget).
 */
export const DeferredTextarea = forwardRef<HTMLTextAreaElement, TextareaProps>(
  function DeferredTextarea(props, ref) {
    // The stand-in takes no input: the form's own events are the widget's.
    const { autosize: _a, maxRows, minRows, onChange: _c, onBlur: _b, ...frame } = props;
    const sized = useMergedRef(ref, (node: HTMLTextAreaElement | null) => {
      if (node) sizeAsAutosize(node, minRows, maxRows);
    });
    return (
      <Deferred
        Widget={LazyTextarea}
        widgetProps={{ ...props, ref }}
        canOpen={false}
        standIn={(events) => (
          <InputBase
            component="textarea"
            multiline
            __staticSelector="Textarea"
            {...frame}
            ref={sized}
            rows={minRows}
            readOnly
            {...events}
          />
        )}
      />
    );
  },
);

/**
 * Mantine's MultiSelect, drawn until its code and `ready` (what its options are made of, loading
 * beside it) have arrived as the same pills input with the same pills (their labels from
 * `pillLabel`), read-only. Made once per module, outside render: its lazy widget must be stable.
 */
export function deferredMultiSelect(ready: Promise<unknown>) {
  const LazyMultiSelect = lazy(() =>
    Promise.all([widgets(), ready]).then(([m]) => ({
      default: m.MultiSelect as WithRef<MultiSelectProps>,
    })),
  );
  return forwardRef<HTMLInputElement, MultiSelectProps & { pillLabel: (value: string) => string }>(
    function DeferredMultiSelect({ pillLabel, ...props }, ref) {
      return (
        <Deferred
          Widget={LazyMultiSelect}
          widgetProps={{ ...props, ref }}
          canOpen
          standIn={(events) => (
            <PillsInput
              {...framePick(props)}
              rightSection={<ComboboxChevron error={props.error} />}
              rightSectionPointerEvents="none"
            >
              <Pill.Group disabled={props.disabled}>
                {(props.value ?? []).map((value) => (
                  <Pill key={value} withRemoveButton={!props.disabled}>
                    {pillLabel(value)}
                  </Pill>
                ))}
                <PillsInput.Field ref={ref} placeholder={props.placeholder} readOnly {...events} />
              </Pill.Group>
            </PillsInput>
          )}
        />
      );
    },
  );
}
