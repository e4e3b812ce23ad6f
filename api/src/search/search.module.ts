import { Module } from '@nestjs/common';
import { WebSearch } from './web-search.service';

@Module({ providers: [WebSearch], exports: [WebSearch] })
export class SearchModule {}
