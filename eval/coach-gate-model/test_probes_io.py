"""The training-folder guard: `python3 -m unittest test_probes_io` (run by retrain.sh before any training)."""
import os
import unittest
import probes_io
from probes_io import DEV, FRESH, SPENT, check_training_folder, training_folders


class TrainingFolderGuard(unittest.TestCase):
    def test_refuses_the_held_out_split(self):
        with self.assertRaises(AssertionError):
            check_training_folder(os.path.join(DEV, "heldout"))

    def test_refuses_a_fresh_set_not_listed_as_spent(self):
        for folder in (os.path.join(FRESH, "F99"), FRESH, os.path.join(FRESH, SPENT[0], "..", "F99")):
            with self.assertRaises(AssertionError, msg=folder):
                check_training_folder(folder)

    def test_trains_on_exactly_the_spent_sets_and_the_model_only_folders(self):
        fresh = [os.path.basename(f) for _, f in training_folders() if f.startswith(FRESH)]
        self.assertEqual(tuple(fresh), SPENT)
        self.assertEqual({g for g, _ in training_folders()} - set(SPENT), set(probes_io.MODEL_ONLY))


if __name__ == "__main__":
    unittest.main()
