import { MultiSelect } from '@mantine/core';
import { deviceTypeLabels, deviceTypes, type DeviceType } from '@switchboard/shared';
import type { CompanyDeviceOption } from '../../../lib/company-options.ts';

interface DeviceMultiSelectProps {
  devices: CompanyDeviceOption[] | undefined;
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
  disabled?: boolean;
}

const typeLabel = (type: string) => deviceTypeLabels[type as DeviceType] ?? type;

/** The company's devices by type, for MultiSelect's groups; each option names its type, so a chosen pill shows it too. */
export function deviceOptionGroups(devices: CompanyDeviceOption[]) {
  const order = (type: string) => (deviceTypes as readonly string[]).indexOf(type);
  const types = [...new Set(devices.map((device) => device.type))].sort((a, b) => order(a) - order(b));
  return types.map((type) => ({
    group: typeLabel(type),
    items: devices
      .filter((device) => device.type === type)
      .map((device) => ({ value: String(device.id), label: `${device.name} (${typeLabel(type)})` })),
  }));
}

/** Spec 3 §3 Ticket devices: chosen from the company's inventory, shown with their type. */
export function DeviceMultiSelect({ devices, value, onChange, error, disabled }: DeviceMultiSelectProps) {
  return (
    <MultiSelect
      label="Devices"
      placeholder={value.length ? undefined : 'Choose devices'}
      searchable
      clearable
      nothingFoundMessage="No devices on record"
      data={deviceOptionGroups(devices ?? [])}
      value={value}
      onChange={onChange}
      error={error}
      disabled={disabled}
    />
  );
}
