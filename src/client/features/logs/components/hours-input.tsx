import type { NumberInputProps } from '@mantine/core';
import { forwardRef } from 'react';
import { DeferredNumberInput } from './deferred-widgets';

/** Decimal hours as the trainee types them: never negative, two decimals, steps of 0.25. */
export const HoursInput = forwardRef<HTMLInputElement, NumberInputProps>(
  function HoursInput(props, ref) {
    return (
      <DeferredNumberInput
        ref={ref}
        min={0}
        step={0.25}
        decimalScale={2}
        allowNegative={false}
        {...props}
      />
    );
  },
);
