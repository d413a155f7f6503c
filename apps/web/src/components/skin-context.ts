import { DEFAULT_SKIN, skinContent } from '@phonecloud/shared';
import { createContext, useContext } from 'react';

/** The class the current skin puts on primary buttons (`content.btn_class`). */
export const SkinButtonClass = createContext<string>(skinContent(DEFAULT_SKIN).btn_class);

export function useSkinButtonClass(): string {
  return useContext(SkinButtonClass);
}
