import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { ApiDocument } from './api-document.service';
import { OpenApiController } from './openapi.controller';
import { RouteCatalog } from './route-catalog';

/** GET /api/openapi.json, generated from the routes and schemas/, and GET /api/docs to read it. */
@Module({
  imports: [DiscoveryModule],
  controllers: [OpenApiController],
  providers: [RouteCatalog, ApiDocument],
})
export class OpenApiModule {}
