#!/usr/bin/env python3
"""Writes the benchmark's large feeds: realistic news feeds (HTML bodies with paragraphs, links,
images, entities; several dates formats; media elements), deterministic so runs compare.

Usage: make_corpus.py OUTPUT_DIR
"""
import os
import random
import sys

WORDS = ("market government election climate energy report minister company growth city court police "
         "health school water price union study season league player vote budget tax border storm").split()


def sentence(rng, words=18):
    text = " ".join(rng.choice(WORDS) for _ in range(words))
    return text.capitalize() + "."


def html_body(rng, paragraphs):
    parts = []
    for index in range(paragraphs):
        text = " ".join(sentence(rng) for _ in range(4))
        if index == 1:
            text += ' <a href="/related/%d">Related</a> &amp; more&hellip;' % rng.randint(1, 9999)
        if index == 2:
            parts.append('<figure><img src="https://img.example.com/%d.jpg" alt="photo"/><figcaption>%s</figcaption></figure>'
                         % (rng.randint(1, 9999), sentence(rng, 6)))
        parts.append("<p>%s <b>%s</b> <em>%s</em></p>" % (text, rng.choice(WORDS), rng.choice(WORDS)))
    return "".join(parts)


def rss(rng, items):
    out = ['<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" '
           'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">\n<channel>'
           "<title>Example Daily</title><link>https://news.example.com/</link><description>All the news</description>"
           "<lastBuildDate>Mon, 06 Sep 2010 16:45:00 +0000</lastBuildDate>"]
    for n in range(items):
        out.append("<item><title>%s</title><link>https://news.example.com/story/%d</link>"
                   '<guid isPermaLink="false">story-%d</guid><pubDate>Mon, %02d Sep 2010 %02d:%02d:00 GMT</pubDate>'
                   "<dc:creator>Reporter %d</dc:creator><category>World</category><category>Politics</category>"
                   "<description><![CDATA[%s]]></description><content:encoded><![CDATA[%s]]></content:encoded>"
                   '<media:thumbnail url="https://img.example.com/thumb/%d.jpg"/></item>\n'
                   % (sentence(rng, 8), n, n, 1 + n % 28, n % 24, n % 60, n % 17, "<p>%s</p>" % sentence(rng),
                      html_body(rng, 6), n))
    out.append("</channel></rss>\n")
    return "".join(out)


def atom(rng, entries):
    out = ['<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://blog.example.org/">'
           '<title>Example Blog</title><link href="/"/><id>urn:example:blog</id><updated>2024-03-01T12:00:00Z</updated>']
    for n in range(entries):
        out.append('<entry><title type="html">%s &amp;amp; more</title><link href="/posts/%d"/><id>urn:example:post:%d</id>'
                   "<published>2024-02-%02dT%02d:15:00+01:00</published><updated>2024-02-%02dT%02d:30:00Z</updated>"
                   "<author><name>Author %d</name><email>a%d@example.org</email></author><summary>%s</summary>"
                   '<content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">%s</div></content></entry>\n'
                   % (sentence(rng, 7), n, n, 1 + n % 28, n % 24, 1 + n % 28, n % 24, n % 11, n, sentence(rng),
                      html_body(rng, 5).replace("&hellip;", "&#8230;"), ))
    out.append("</feed>\n")
    return "".join(out)


def rdf(rng, items):
    out = ['<?xml version="1.0" encoding="ISO-8859-1"?>\n<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" '
           'xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">'
           '<channel rdf:about="http://old.example.net/"><title>Old Portal</title><link>http://old.example.net/</link></channel>']
    for n in range(items):
        out.append('<item rdf:about="http://old.example.net/%d"><title>%s</title><link>http://old.example.net/%d</link>'
                   "<description>%s</description><dc:date>2004-01-%02dT19:48:21Z</dc:date></item>\n"
                   % (n, sentence(rng, 6), n, sentence(rng, 30).replace("e", "\u00e9", 2), 1 + n % 28))
    out.append("</rdf:RDF>\n")
    return "".join(out)


def main():
    directory = sys.argv[1]
    os.makedirs(directory, exist_ok=True)
    rng = random.Random(20240301)
    files = {"large-rss20.xml": (rss(rng, 300), "utf-8"), "large-atom10.xml": (atom(rng, 300), "utf-8"),
             "medium-rss20.xml": (rss(rng, 40), "utf-8"), "rdf-latin1.xml": (rdf(rng, 150), "iso-8859-1")}
    for name, (text, encoding) in files.items():
        with open(os.path.join(directory, name), "wb") as handle:
            handle.write(text.encode(encoding))


if __name__ == "__main__":
    main()
