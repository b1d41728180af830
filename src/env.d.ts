/// <reference types="astro/client" />

declare namespace App {
  type RequestState = import("./server/request-pipeline.ts").RequestState;
  interface Locals extends RequestState {
    app: import("./server/route-app.ts").RouteApp;
  }
}
