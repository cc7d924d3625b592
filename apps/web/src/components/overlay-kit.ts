// Mantine's floating pieces, loaded together on the first sign of use (deferred-overlays.tsx): Popover and its
// floating-ui, Menu, Tooltip, ScrollArea, and Drawer and Modal with their scroll lock and focus trap.
export { Drawer, Menu, Modal, Popover, ScrollArea, Tooltip } from '@mantine/core';
