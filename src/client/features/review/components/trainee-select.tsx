import { Select, type SelectProps } from '@mantine/core';

/** Mantine's Select as a module of its own, for DayBulkApproval to load when it needs one. */
export default function TraineeSelect(props: SelectProps) {
  return <Select {...props} />;
}
