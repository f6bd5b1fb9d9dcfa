import { Outlet } from "react-router";
import { routeMiddleware } from "#app/features/routing/route-middleware.ts";

/** Moving between the list and a question, either way, passes through the questions middleware (spec 2.2). */
export const clientMiddleware = [routeMiddleware("questions")];

export default function QuestionsLayout() {
  return <Outlet />;
}
