import type {
  DrawerProps,
  Menu as MantineMenu,
  MenuDropdownProps,
  MenuItemProps,
  MenuLabelProps,
  MenuProps,
  MenuTargetProps,
  ModalProps,
  Popover as MantinePopover,
  PopoverDropdownProps,
  PopoverProps,
  PopoverTargetProps,
  ScrollArea as MantineScrollArea,
  ScrollAreaAutosizeProps,
  ScrollAreaProps,
  TooltipProps,
} from '@mantine/core';
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
  type SyntheticEvent,
} from 'react';

/*
 * The shell's menus, tooltips, search popover and chat drawer show nothing until they are used, but Mantine's Popover
 * brings floating-ui with it (about 25 kB gzipped with Menu and Tooltip) and the drawer its scroll lock. These
 * stand-ins take the same props as Mantine's and render only what shows at rest (the target, the children); the first
 * pointer over them, focus or click loads the real components (overlay-kit.ts) for all of them at once, and each then
 * renders Mantine's own. A menu clicked before its code has arrived opens when it has; a popover, drawer or modal
 * opened through its `opened` prop loads it too (decision 0063).
 */

type Kit = typeof import('./overlay-kit.ts');

let kit: Kit | null = null;
let arrived: Kit | null = null;
let loading: Promise<Kit> | null = null;
const listeners = new Set<() => void>();

// The swap replaces the target's element: done between a press and its release, the click would be lost (it goes to
// the elements' common ancestor), so code that arrives while a pointer is down waits for the click to have happened.
let pointerDown = false;
function publish() {
  if (kit || !arrived || pointerDown) return;
  kit = arrived;
  for (const listener of listeners) listener();
}
const tracked = new WeakSet<Window>();
function trackPointer() {
  if (tracked.has(window)) return;
  tracked.add(window);
  window.addEventListener('pointerdown', () => (pointerDown = true), true);
  const release = () =>
    setTimeout(() => {
      pointerDown = false;
      publish();
    });
  window.addEventListener('pointerup', release, true);
  window.addEventListener('pointercancel', release, true);
}

/** Loads the real components (once); every stand-in re-renders with them. */
export function loadOverlays(): Promise<Kit> {
  // Loading starts with the pointer's arrival, so the press that may follow is seen.
  trackPointer();
  loading ??= import('./overlay-kit.ts').then((module) => {
    arrived = module;
    publish();
    return module;
  });
  return loading;
}

/** For tests: the real components from the first render on (after `await loadOverlays()`), or the stand-ins again. */
export function setOverlaysLoadedForTests(loaded: boolean): void {
  pointerDown = false;
  kit = loaded ? arrived : null;
  if (!loaded) {
    arrived = null;
    loading = null;
  }
}

function useKit(): Kit | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => kit,
    () => kit,
  );
}

const load = () => void loadOverlays();

/**
 * A box without a box (`display: contents`) around a stand-in and, later, the real component: it hears the first
 * pointer, focus or click, and gives focus back to the trigger when the swap replaced the element that had it.
 */
function IntentRegion({
  loaded,
  onIntent,
  onClickIntent,
  children,
}: {
  loaded: boolean;
  onIntent: () => void;
  onClickIntent?: () => void;
  children: ReactNode;
}) {
  const region = useRef<HTMLSpanElement>(null);
  const focusedWithin = useRef(false);
  const wasLoaded = useRef(loaded);
  useLayoutEffect(() => {
    if (wasLoaded.current === loaded) return;
    wasLoaded.current = loaded;
    const element = region.current;
    if (!focusedWithin.current || !element || element.contains(document.activeElement)) return;
    element.querySelector<HTMLElement>('button, a[href], input, [tabindex]:not([tabindex="-1"])')?.focus();
  }, [loaded]);
  const track = (inside: boolean) => (event: SyntheticEvent) => {
    if (event.currentTarget.contains(event.target as Node)) focusedWithin.current = inside;
  };
  return (
    <span
      ref={region}
      style={{ display: 'contents' }}
      onPointerEnter={loaded ? undefined : onIntent}
      onFocus={(event) => {
        track(true)(event);
        if (!loaded) onIntent();
      }}
      onBlur={track(false)}
      onClickCapture={loaded ? undefined : onClickIntent}
    >
      {children}
    </span>
  );
}

/** Mantine's Tooltip once loaded; until then its target alone. */
export function Tooltip(props: TooltipProps) {
  const real = useKit();
  return (
    <IntentRegion loaded={real !== null} onIntent={load}>
      {real ? <real.Tooltip {...props} /> : props.children}
    </IntentRegion>
  );
}

/** Mantine's Menu once loaded; until then its target alone. A click on the target opens it as soon as it has loaded. */
function MenuRoot(props: MenuProps) {
  const real = useKit();
  const [openOnLoad, setOpenOnLoad] = useState(false);
  const { onOpen, onChange } = props;
  const openedByLoad = useRef(false);
  useEffect(() => {
    if (!real || !openOnLoad || openedByLoad.current) return;
    // Mantine calls these when it opens a menu itself, not for a menu that starts open.
    openedByLoad.current = true;
    onOpen?.();
    onChange?.(true);
  }, [real, openOnLoad, onOpen, onChange]);
  return (
    <IntentRegion
      loaded={real !== null}
      onIntent={load}
      onClickIntent={() => {
        setOpenOnLoad(true);
        load();
      }}
    >
      {real ? <real.Menu defaultOpened={openOnLoad || undefined} {...props} /> : props.children}
    </IntentRegion>
  );
}

function MenuTarget(props: MenuTargetProps) {
  const real = useKit();
  return real ? <real.Menu.Target {...props} /> : props.children;
}

function MenuDropdown(props: MenuDropdownProps) {
  const real = useKit();
  return real ? <real.Menu.Dropdown {...props} /> : null;
}

// Menu.Item is polymorphic (component={Link} to=...): typed as Mantine's below, its props passed on as they are.
function MenuItem(props: MenuItemProps) {
  const real = useKit();
  return real ? <real.Menu.Item {...props} /> : null;
}

function MenuLabel(props: MenuLabelProps) {
  const real = useKit();
  return real ? <real.Menu.Label {...props} /> : null;
}

function MenuDivider(props: Parameters<typeof MantineMenu.Divider>[0]) {
  const real = useKit();
  return real ? <real.Menu.Divider {...props} /> : null;
}

export const Menu = Object.assign(MenuRoot, {
  Target: MenuTarget,
  Dropdown: MenuDropdown,
  Item: MenuItem as unknown as typeof MantineMenu.Item,
  Label: MenuLabel,
  Divider: MenuDivider as typeof MantineMenu.Divider,
});

/** Mantine's Popover once loaded; until then its target alone. Opened through `opened`, it loads. */
function PopoverRoot(props: PopoverProps) {
  const real = useKit();
  const [openOnLoad, setOpenOnLoad] = useState(false);
  const controlled = props.opened !== undefined;
  useEffect(() => {
    if (!real && props.opened) load();
  }, [real, props.opened]);
  return (
    <IntentRegion
      loaded={real !== null}
      onIntent={load}
      onClickIntent={() => {
        if (!controlled) setOpenOnLoad(true);
        load();
      }}
    >
      {real ? <real.Popover defaultOpened={openOnLoad || undefined} {...props} /> : props.children}
    </IntentRegion>
  );
}

function PopoverTarget(props: PopoverTargetProps) {
  const real = useKit();
  return real ? <real.Popover.Target {...props} /> : props.children;
}

function PopoverDropdown(props: PopoverDropdownProps) {
  const real = useKit();
  return real ? <real.Popover.Dropdown {...props} /> : null;
}

export const Popover = Object.assign(PopoverRoot, {
  Target: PopoverTarget as unknown as typeof MantinePopover.Target,
  Dropdown: PopoverDropdown as unknown as typeof MantinePopover.Dropdown,
});

/** Mantine's Drawer: nothing while closed and not loaded; opening it loads it. */
export function Drawer(props: DrawerProps) {
  const real = useKit();
  useEffect(() => {
    if (!real && props.opened) load();
  }, [real, props.opened]);
  return real ? <real.Drawer {...props} /> : null;
}

/** Mantine's Modal: nothing while closed and not loaded; opening it loads it. */
export function Modal(props: ModalProps) {
  const real = useKit();
  useEffect(() => {
    if (!real && props.opened) load();
  }, [real, props.opened]);
  return real ? <real.Modal {...props} /> : null;
}

/** Mantine's ScrollArea where it is loaded (inside the dropdowns above); a plain scrolling box otherwise. */
function ScrollAreaRoot(props: ScrollAreaProps) {
  const real = useKit();
  return real ? <real.ScrollArea {...props} /> : <div style={{ overflow: 'auto' }}>{props.children}</div>;
}

function ScrollAreaAutosize(props: ScrollAreaAutosizeProps) {
  const real = useKit();
  return real ? <real.ScrollArea.Autosize {...props} /> : <div style={{ overflow: 'auto' }}>{props.children}</div>;
}

export const ScrollArea = Object.assign(ScrollAreaRoot, {
  Autosize: ScrollAreaAutosize as unknown as typeof MantineScrollArea.Autosize,
});
