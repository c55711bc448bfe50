import { createContext, useContext } from 'react';
import type { NavItem } from 'shared-ui';

/**
 * The signed-in account's workspace links (workspace-links.tsx loads them, in a chunk of its own, once someone is
 * signed in): the context alone is in the first visit's files.
 */
export const WorkspaceContext = createContext<readonly NavItem[]>([]);

export const useWorkspaceLinks = () => useContext(WorkspaceContext);
