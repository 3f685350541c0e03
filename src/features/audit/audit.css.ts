import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const filters = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  gap: vars.space.sm,
});

export const filterButtons = style({
  display: 'flex',
  gap: vars.space.xs,
  alignSelf: 'flex-end',
});

export const changes = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});

export const field = style({ fontWeight: 600 });
