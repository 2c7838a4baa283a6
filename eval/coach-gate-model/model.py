"""Shared model definition: lower-cased, accent-folded text; TF-IDF char_wb 2-5 + word 1-2; linear classifier."""
import unicodedata
import numpy as np
from scipy.sparse import hstack
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.svm import LinearSVC

EXTRA = str.maketrans({"ł": "l", "ß": "ss", "ø": "o", "æ": "ae", "œ": "oe", "đ": "d"})


def fold(text):
    text = text.lower().translate(EXTRA)
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


class Model:
    def __init__(self, kind="lr", C=1.0, min_df=1):
        self.kind, self.C, self.min_df = kind, C, min_df

    def fit_features(self, texts):
        """Fits the vocabularies and idf on `texts` and returns their features."""
        texts = [fold(t) for t in texts]
        self.char = TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 5), sublinear_tf=True, min_df=self.min_df, dtype=np.float32)
        self.word = TfidfVectorizer(analyzer="word", ngram_range=(1, 2), sublinear_tf=True, min_df=self.min_df,
                                    token_pattern=r"(?u)\b\w+\b", dtype=np.float32)
        return hstack([self.char.fit_transform(texts), self.word.fit_transform(texts)]).tocsr()

    def fit(self, texts, y, random_state=None, instances=None):
        """Fits the vocabularies and idf on `texts`, the classifier on them or on `instances` (texts, labels)."""
        X = self.fit_features(texts)
        if instances is not None:
            X, y = self.features(instances[0]), instances[1]
        if self.kind == "lr":
            self.clf = LogisticRegression(C=self.C, class_weight="balanced", solver="liblinear", max_iter=2000)
        else:
            self.clf = LinearSVC(C=self.C, class_weight="balanced", random_state=random_state)
        self.clf.fit(X, y)
        return self

    def features(self, texts):
        texts = [fold(t) for t in texts]
        return hstack([self.char.transform(texts), self.word.transform(texts)]).tocsr()

    def score(self, texts):
        return self.clf.decision_function(self.features(texts))
