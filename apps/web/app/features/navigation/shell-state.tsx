import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";

type ShellState = {
  /** Whether the drawer is open as an overlay (narrow screens). */
  drawerOpen: boolean;
  openDrawer: () => void;
  closeDrawer: () => void;
};

const ShellStateContext = createContext<ShellState | null>(null);

/** State shared by the header, the drawer and the bottom bar: who opened the overlay drawer. */
export function ShellStateProvider({ children }: { children: ReactNode }) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const openDrawer = useCallback(() => setDrawerOpen(true), []);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const value = useMemo(() => ({ drawerOpen, openDrawer, closeDrawer }), [drawerOpen, openDrawer, closeDrawer]);
  return <ShellStateContext value={value}>{children}</ShellStateContext>;
}

export function useShellState(): ShellState {
  const state = useContext(ShellStateContext);
  if (!state) throw new Error("useShellState() must be used inside <ShellStateProvider>");
  return state;
}

/** The id of the overlay drawer, for aria-controls on the buttons that open it. */
export const OVERLAY_DRAWER_ID = "site-drawer-overlay";
