import { Api, type SettingDetail, type SkinId, skinContent } from '@phonecloud/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useLayoutEffect, useMemo, useState } from 'react';
import { api } from '../../api';
import { platformQueries } from '../../api/platform-queries';
import { SkinButtonClass } from '../../components/skin-context';
import { SkinThemeContext } from '../../components/skin-theme';
import { applySkin, rememberedSkin, skinPrimaryColor, skinTheme } from './skin-dom';

interface SkinControl {
  skin: SkinId;
  choose(skin: SkinId): void;
}

const SkinControlContext = createContext<SkinControl | null>(null);

export function useSkinControl(): SkinControl {
  const control = useContext(SkinControlContext);
  if (!control) throw new Error('useSkinControl outside SkinProvider');
  return control;
}

/**
 * The skin from /setting/detail.do, shown at once when the user picks another (and put back if
 * saving fails). It lives on <body> and on primary buttons, and sets antd's primary colour: it
 * holds the page's antd provider, so it stands inside the query cache (QueryProvider) only.
 */
export function SkinProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [remembered] = useState(rememberedSkin);
  const { data } = useQuery(platformQueries.setting());
  const save = useMutation({
    mutationFn: (skin: SkinId) => api.post<SettingDetail>(Api.settingSave, { skin }),
    onSuccess: (saved) => queryClient.setQueryData(platformQueries.setting().queryKey, saved),
  });
  const content = save.isPending ? skinContent(save.variables) : (data?.content ?? remembered);
  // Read before the first render: antd builds its styles per theme, and a first render in the
  // default theme followed by the skin's would build every style twice.
  const [primary, setPrimary] = useState<string | undefined>(() => {
    applySkin(content.skin, content.body_class);
    return skinPrimaryColor();
  });

  const { skin, body_class: bodyClass } = content;
  useLayoutEffect(() => {
    applySkin(skin, bodyClass);
    setPrimary(skinPrimaryColor());
  }, [skin, bodyClass]);

  // The page's only antd theme: the skin's colours go to the antd scope a lazily loaded page stands
  // in (AntdScope) rather than into a second, nested ConfigProvider, so antd derives its tokens once.
  const theme = useMemo(() => skinTheme(primary), [primary]);

  const control = useMemo<SkinControl>(
    () => ({ skin, choose: (next) => save.mutate(next) }),
    [skin, save.mutate],
  );

  return (
    <SkinControlContext.Provider value={control}>
      <SkinButtonClass.Provider value={content.btn_class}>
        <SkinThemeContext.Provider value={theme}>{children}</SkinThemeContext.Provider>
      </SkinButtonClass.Provider>
    </SkinControlContext.Provider>
  );
}
