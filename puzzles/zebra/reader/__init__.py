"""Reading a logic-grid puzzle as people print it, in the order the reader works.

- `page`: the file or page whole: its story, category lines (`quantities` orders
  a category of amounts), a houses benchmark's sentences, the clues, the questions;
  and editing it clue by clue.
- `clue`: one clue: its values found (`mentions`) and its amounts (`amounts`)
  replaced by marks, its fixed phrases rewritten (`vocabulary`), the skeleton
  left for the phrasing families (`phrasing`), which compare in a category
  `comparing` picks.  A word that carries meaning and that no family reads
  refuses the clue.
- `doubts`: uniqueness as the last check, for a page's comparison that fits two categories.
- `questions`: the page's questions, answered from its one solution.
"""
