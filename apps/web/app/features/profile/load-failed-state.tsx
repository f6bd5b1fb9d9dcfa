import { useTranslation } from "react-i18next";
import { Button } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";

/** What a profile card or window shows when its data did not load: the same words and a retry button everywhere. */
export function LoadFailedState({ onRetry, illustration }: { onRetry: () => void; illustration?: null }) {
  const { t } = useTranslation("profile");
  return (
    <EmptyState
      size="inline"
      headingLevel={3}
      {...(illustration === null ? { illustration } : {})}
      title={t("common.loadFailed")}
      description={t("common.loadFailedDescription")}
      action={
        <Button variant="secondary" onClick={onRetry}>
          {t("common.retry")}
        </Button>
      }
    />
  );
}
