import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Container } from "#app/components/ui/container.tsx";
import { Skeleton, SkeletonText } from "#app/components/ui/skeleton.tsx";
import { cx } from "#app/lib/cx.ts";
import { skeletonName, skeletonShape, type SkeletonShape } from "./route-skeleton-shapes.ts";

/** The placeholder of one route while it loads, shaped like the page it stands for. */
export default function RouteSkeleton({ routeName }: { routeName: string }) {
  const { t } = useTranslation();
  const shape = skeletonShape(routeName);
  return (
    <div data-skeleton={skeletonName(routeName)} data-skeleton-shape={shape}>
      <span role="status" className="sr-only">
        {t("routing.loading")}
      </span>
      <Container className="py-6 sm:py-10">{SHAPE_BODIES[shape]()}</Container>
    </div>
  );
}

function Heading({ className }: { className?: string }) {
  return (
    <div className={cx("flex flex-col gap-3", className)}>
      <Skeleton className="h-8 w-2/3 max-w-sm" />
      <Skeleton shape="text" className="w-full max-w-lg" />
    </div>
  );
}

function Panel({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cx("rounded-xl border border-border bg-surface p-5 sm:p-6", className)}>{children}</div>;
}

const SHAPE_BODIES: Record<SkeletonShape, () => ReactNode> = {
  home: () => (
    <>
      <Skeleton className="h-72 w-full rounded-2xl sm:h-96" />
      <Heading className="mt-12" />
      <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 3 }, (_, index) => (
          <Panel key={index}>
            <Skeleton className="size-12" />
            <Skeleton className="mt-5 h-5 w-1/2" />
            <SkeletonText lines={2} className="mt-3" />
          </Panel>
        ))}
      </div>
    </>
  ),
  list: () => (
    <>
      <Heading />
      <div className="mt-6 flex gap-2">
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} shape="pill" className="h-9 w-24" />
        ))}
      </div>
      <Panel className="mt-6 flex flex-col divide-y divide-border p-0 sm:p-0">
        {Array.from({ length: 6 }, (_, index) => (
          <div key={index} className="flex items-center gap-4 px-5 py-4">
            <Skeleton shape="circle" className="size-10" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton shape="text" className="w-2/5" />
              <Skeleton shape="text" className="w-1/4" />
            </div>
            <Skeleton shape="text" className="w-16" />
          </div>
        ))}
      </Panel>
    </>
  ),
  grid: () => (
    <>
      <Heading />
      <div className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-5">
        {Array.from({ length: 10 }, (_, index) => (
          <div key={index} className="flex flex-col gap-2">
            <Skeleton className="aspect-[4/3] w-full" />
            <Skeleton shape="text" className="w-3/4" />
          </div>
        ))}
      </div>
    </>
  ),
  article: () => (
    <div className="mx-auto max-w-3xl">
      <Skeleton className="h-9 w-3/4" />
      <Skeleton shape="text" className="mt-4 w-1/3" />
      <SkeletonText lines={4} className="mt-8" />
      <Skeleton className="mt-8 h-6 w-1/2" />
      <SkeletonText lines={5} className="mt-4" />
    </div>
  ),
  form: () => (
    <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
      <Panel className="hidden flex-col gap-3 self-start lg:flex">
        {Array.from({ length: 5 }, (_, index) => (
          <Skeleton key={index} className="h-9 w-full" />
        ))}
      </Panel>
      <Panel>
        <Skeleton className="h-7 w-1/2" />
        <div className="mt-6 flex flex-col gap-5">
          {Array.from({ length: 4 }, (_, index) => (
            <div key={index} className="flex flex-col gap-2">
              <Skeleton shape="text" className="w-28" />
              <Skeleton className="h-11 w-full" />
            </div>
          ))}
        </div>
        <Skeleton shape="pill" className="mt-7 h-11 w-36" />
      </Panel>
    </div>
  ),
  generic: () => (
    <>
      <Heading />
      <Panel className="mt-6">
        <SkeletonText lines={5} />
      </Panel>
    </>
  ),
};
